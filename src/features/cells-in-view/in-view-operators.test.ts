import { describe, expect, it } from 'vitest';
import type { CellsInView } from '../../api/cells-in-view';
import { operatorsOf } from './in-view-operators';

const cell = (mcc: string, mnc: string, cellid: number) => ({
  mcc,
  mnc,
  cellid: String(cellid),
  lac: '1',
  lat: '60.17',
  lon: '24.94',
  name: `Cell ${cellid}`,
  position: { lat: 60.17, lon: 24.94 },
});

const cells: CellsInView = {
  cells: [cell('244', '91', 1), cell('244', '5', 2), cell('244', '91', 3)],
  truncated: false,
  limit: 5000,
};

/** A country's view: no cells, its counts naming the operators of the cells counted. */
const counted: CellsInView = {
  cells: [],
  truncated: false,
  limit: 5000,
  counts: {
    zoom: 6,
    total: 12_000,
    limit: 5000,
    box: { west: 16.875, south: 58.8, east: 33.75, north: 71.5 },
    operators: [
      { mcc: '244', mnc: '5', count: 4000 },
      { mcc: '244', mnc: '12', count: 3000 },
      { mcc: '244', mnc: '91', count: 5000 },
    ],
    squares: [{ x: 36, y: 17, count: 12_000, position: { lat: 61, lon: 25 } }],
  },
};

describe('the operators a view offers to filter by', () => {
  it('are those of the cells in view, each once, in code order', () => {
    expect(operatorsOf([cells], undefined)).toEqual([
      { mcc: '244', mnc: '5' },
      { mcc: '244', mnc: '91' },
    ]);
  });

  it('are those the counts name when the view is answered with counts (no cells to take them from)', () => {
    expect(operatorsOf([counted], undefined)).toEqual([
      { mcc: '244', mnc: '5' },
      { mcc: '244', mnc: '12' },
      { mcc: '244', mnc: '91' },
    ]);
  });

  it('keep the chosen one and those of the unfiltered read while a filtered read names one', () => {
    const narrowed: CellsInView = {
      ...counted,
      counts: { ...counted.counts!, operators: [{ mcc: '244', mnc: '12', count: 3000 }] },
    };
    const chosen = { mcc: '310', mnc: '410' };
    expect(operatorsOf([narrowed, counted], chosen).map((o) => `${o.mcc}-${o.mnc}`)).toEqual([
      '244-5',
      '244-12',
      '244-91',
      '310-410',
    ]);
    expect(operatorsOf([undefined, undefined], chosen)).toEqual([chosen]);
  });
});
