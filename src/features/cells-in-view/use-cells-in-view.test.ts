import { describe, expect, it } from 'vitest';
import { keyFingerprint } from '../../api/keys';
import { areaBox, cellsInViewQuery, IN_VIEW_LIMIT, inViewQuery } from './use-cells-in-view';
import { idleClient, SECRET_KEYS } from '../../testing/stand-ins';

const client = idleClient();
const keys = SECRET_KEYS;
const helsinki = { west: 24.8, south: 60.1, east: 25.2, north: 60.3, zoom: 11 };

describe('the cells-in-view read', () => {
  it('asks for the view with a margin of a fifth on each side, rounded to about 10 m', () => {
    expect(areaBox(helsinki)).toEqual({ west: 24.72, south: 60.06, east: 25.28, north: 60.34 });
  });

  it('keeps a margin across 180° as a box with west > east, and a view near the whole world as all of it', () => {
    expect(areaBox({ west: 179, south: 0, east: -179, north: 1, zoom: 8 })).toEqual({
      west: 178.6,
      south: -0.2,
      east: -178.6,
      north: 1.2,
    });
    expect(areaBox({ west: -150, south: -80, east: 150, north: 85, zoom: 1 })).toEqual({
      west: -180,
      south: -90,
      east: 180,
      north: 90,
    });
  });

  it('reads nothing while switched off or before the map has settled; names the filters when on', () => {
    expect(inViewQuery(helsinki, { on: false })).toBeNull();
    expect(inViewQuery(undefined, { on: true })).toBeNull();
    expect(inViewQuery(helsinki, { on: true, operator: { mcc: '244', mnc: '5' }, radio: 'LTE' })).toEqual({
      bbox: areaBox(helsinki),
      mcc: '244',
      mnc: '5',
      radio: 'LTE',
      limit: IN_VIEW_LIMIT,
      zoom: helsinki.zoom,
    });
  });

  it('keys the cache by box, filters, a fingerprint of the keys and the format, never the keys', () => {
    const query = inViewQuery(helsinki, { on: true, radio: 'NR' });
    const { queryKey } = cellsInViewQuery(client, keys, query, 'json');
    expect(queryKey).toEqual([
      'cells-in-view',
      24.72,
      60.06,
      25.28,
      60.34,
      '',
      '',
      'NR',
      5000,
      keyFingerprint(keys),
      'json',
    ]);
    expect(JSON.stringify(queryKey)).not.toContain('secret');
  });
});
