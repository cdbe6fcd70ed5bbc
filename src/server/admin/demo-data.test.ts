import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL_RECORD } from '../../api/fixtures/documented-cell';
import { DEMO_PHONE_CELL, demoCells, FIXED_CELLS } from './demo-data';
import { tempStores } from '../testing/temp-stores';
import type { CellRecord } from '../store/records';

const { dir, open } = tempStores('demo');

describe('demo data', () => {
  it('is fixed: the same rows every time', () => {
    expect(demoCells()).toEqual(demoCells());
  });

  it('gives the generated cells a radio and a range of every generation, the fixed ones neither', () => {
    const cells = demoCells();
    const generated = cells.slice(FIXED_CELLS.length);
    expect(new Set(generated.map((c) => c.radio))).toEqual(new Set(['GSM', 'UMTS', 'LTE', 'NR']));
    for (const cell of generated) expect(cell.range).toBeGreaterThanOrEqual(150);
    for (const cell of FIXED_CELLS) expect(cell).not.toHaveProperty('radio');
    const store = open(':memory:');
    const stored = store.getCell(generated[0] as CellRecord);
    expect(stored).toMatchObject({ radio: generated[0]?.radio, range: generated[0]?.range });
  });

  it('has at least 500 cells at Finnish places, with ä, ö and å, mnc 91, 5 and 12, and lac 0', () => {
    const store = open(':memory:');
    const counts = store.counts();
    expect(counts.cells).toBeGreaterThanOrEqual(500);
    expect(counts).toMatchObject({ developers: 2, serviceKeys: 2, users: 3 });
    const cells = store.listCells(10_000);
    expect(cells).toHaveLength(counts.cells);
    const names = cells.map((c) => c.name).join('\n');
    for (const name of [
      'Helsinki',
      'Tampere',
      'Jyväskylä',
      'Hämeenlinna',
      'Mariehamn',
      'Rovaniemi',
      'Brändö',
      'Vårdö',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).toMatch(/ä/);
    expect(names).toMatch(/ö/);
    expect(names).toMatch(/å/);
    expect(new Set(cells.map((c) => c.mnc))).toEqual(new Set([5, 12, 91]));
    expect(cells.filter((c) => c.lac === 0).length).toBeGreaterThan(20);
    for (const cell of cells) {
      expect(cell.lat).toBeGreaterThan(59.7);
      expect(cell.lat).toBeLessThan(70.1);
      expect(cell.lon).toBeGreaterThan(19.4);
      expect(cell.lon).toBeLessThan(31.6);
    }
  });

  it('holds the documented cell and every fixed cell exactly', () => {
    const store = open(':memory:');
    expect(store.getCell(DOCUMENTED_CELL_RECORD)).toEqual({ ...DOCUMENTED_CELL_RECORD, samples: 0 });
    for (const cell of FIXED_CELLS) expect(store.getCell(cell)).toMatchObject(cell);
  });

  it('authenticates the demo keys as documented', () => {
    const store = open(':memory:');
    expect(store.authenticate('demo-service', 'demo-user')).toMatchObject({
      msisdn: '358401234567',
      smsReplied: true,
      state: 'Idle',
      cell: { mcc: 244, mnc: 91, cellid: DEMO_PHONE_CELL.cellid },
    });
    expect(store.authenticate('demo-service', 'demo-pending')).toMatchObject({
      msisdn: '358401234568',
      smsReplied: false,
    });
    expect(store.authenticate('demo-service', 'other-user')).toBe('mismatch');
    expect(store.authenticate('other-service', 'other-user')).toMatchObject({ msisdn: '358501234569' });
    expect(store.authenticate('demo-service', 'nobody')).toBeUndefined();
    expect(store.authenticate('', '')).toBeUndefined();
  });

  it('is left out with demo off, and not added to a database that has data', () => {
    const file = join(dir, 'off.db');
    const off = open(file, false);
    expect(off.counts()).toEqual({ developers: 0, serviceKeys: 0, users: 0, cells: 0 });
    expect(off.hasDemoKeys()).toBe(false);
    off.addDeveloper('acme');
    off.close();
    expect(open(file, true).counts().developers).toBe(1);
  });
});
