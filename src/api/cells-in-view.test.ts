import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellsQueryString, readCellsQuery, type CellsParameter } from './cells-in-view';

const read = (query: string) => {
  const params = new URLSearchParams(query);
  return readCellsQuery((name: CellsParameter) => params.getAll(name));
};

describe('the cells-in-view query', () => {
  it('reads a box, the filters and the limit', () => {
    expect(read('bbox=24.8,60.1,25.1,60.3&mcc=244&mnc=05&radio=lte&limit=50')).toEqual({
      ok: true,
      query: {
        bbox: { west: 24.8, south: 60.1, east: 25.1, north: 60.3 },
        mcc: '244',
        mnc: '05',
        radio: 'LTE',
        limit: 50,
      },
    });
    expect(read('bbox=-180,-90,180,90')).toMatchObject({ ok: true, query: { limit: 1000 } });
  });

  it('takes west > east as a box across the antimeridian (RFC 7946), not as an error', () => {
    expect(read('bbox=170,-20,-170,-10')).toMatchObject({
      ok: true,
      query: { bbox: { west: 170, south: -20, east: -170, north: -10 } },
    });
  });

  it.each([
    ['', 'bbox', /missing/],
    ['bbox=', 'bbox', /missing/],
    ['bbox=1,2,3', 'bbox', /four numbers/],
    ['bbox=1,2,3,4,5', 'bbox', /four numbers/],
    ['bbox=NaN,1,2,3', 'bbox', /plain decimal/],
    ['bbox=Infinity,1,2,3', 'bbox', /plain decimal/],
    ['bbox=1e1,1,2,3', 'bbox', /plain decimal/],
    ['bbox=0x10,1,2,3', 'bbox', /plain decimal/],
    ['bbox=181,1,2,3', 'bbox', /longitudes/],
    ['bbox=1,-91,2,3', 'bbox', /latitudes/],
    ['bbox=1,60,2,59', 'bbox', /south edge \(60\) is north of its north edge \(59\)/],
    ['bbox=1,2,3,4&bbox=1,2,3,4', 'bbox', /more than once/],
    ['bbox=1,2,3,4&mcc=2444', 'mcc', /three digits/],
    ['bbox=1,2,3,4&mnc=5', 'mnc', /needs an mcc/],
    ['bbox=1,2,3,4&mcc=244&mnc=x', 'mnc', /three digits/],
    ['bbox=1,2,3,4&radio=CDMA', 'radio', /GSM, UMTS, LTE, NR/],
    ['bbox=1,2,3,4&limit=0', 'limit', /1 to 10000/],
    ['bbox=1,2,3,4&limit=10001', 'limit', /1 to 10000/],
    ['bbox=1,2,3,4&limit=-5', 'limit', /1 to 10000/],
    ['bbox=1,2,3,4&limit=2.5', 'limit', /1 to 10000/],
  ])('%s: 400 naming %s', (query, field, message) => {
    const result = read(query);
    expect(result).toMatchObject({ ok: false, field });
    if (!result.ok) expect(result.message).toMatch(message);
  });

  it('writes what it reads: any box and filters survive the query string', () => {
    const lon = fc.double({ min: -180, max: 180, noNaN: true });
    const lat = fc.double({ min: -90, max: 90, noNaN: true });
    fc.assert(
      fc.property(lon, lon, lat, lat, fc.integer({ min: 1, max: 10_000 }), (west, east, a, b, limit) => {
        const bbox = { west, south: Math.min(a, b), east, north: Math.max(a, b) };
        const result = read(cellsQueryString({ bbox, mcc: '244', mnc: '05', radio: 'NR', limit }));
        expect(result.ok).toBe(true);
        if (!result.ok) return;
        expect(result.query.bbox.west).toBeCloseTo(west, 5);
        expect(result.query.bbox.north).toBeCloseTo(bbox.north, 5);
        expect(result.query).toMatchObject({ mcc: '244', mnc: '05', radio: 'NR', limit });
      }),
    );
  });
});
