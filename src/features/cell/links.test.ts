import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL } from '../../api/fixtures/documented-cell';
import type { Cell } from '../../api/types';
import { cellLink, cellMapperUrl, openCellIdUrl, openStreetMapUrl } from './links';

const cell: Cell = { ...DOCUMENTED_CELL, mnc: '05' };

describe('links', () => {
  it('deep link with decimal id, optionally with the map view', () => {
    expect(cellLink('https://x.test', cell)).toBe('https://x.test/cell/244/05/10038');
    expect(cellLink('https://x.test', cell, { lat: 60.1, lon: 20.5, zoom: 9 })).toBe(
      'https://x.test/cell/244/05/10038?view=60.10000,20.50000,9',
    );
  });

  it('outside maps', () => {
    expect(openStreetMapUrl(cell)).toBe(
      'https://www.openstreetmap.org/?mlat=60.316391&mlon=20.994058#map=15/60.316391/20.994058',
    );
    expect(openCellIdUrl(cell)).toBe('https://opencellid.org/#zoom=16&lat=60.316391&lon=20.994058');
    expect(cellMapperUrl(cell)).toBe(
      'https://www.cellmapper.net/map?MCC=244&MNC=05&type=LTE&latitude=60.316391&longitude=20.994058&zoom=15',
    );
  });
});
