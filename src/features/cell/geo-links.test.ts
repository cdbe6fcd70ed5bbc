import { describe, expect, it } from 'vitest';
import type { Cell } from '../../api/types';
import { bearingDegrees, compassPoint, distanceMetres } from './geo';
import { cellLink, cellMapperUrl, openCellIdUrl, openStreetMapUrl, parseView } from './links';

const helsinki = { lat: 60.1699, lon: 24.9384 };
const turku = { lat: 60.4518, lon: 22.2666 };

describe('distance and bearing', () => {
  it('Helsinki to Turku is about 150 km, to the west-north-west', () => {
    expect(distanceMetres(helsinki, turku) / 1000).toBeCloseTo(150.5, 0);
    const bearing = bearingDegrees(helsinki, turku);
    expect(bearing).toBeGreaterThan(280);
    expect(bearing).toBeLessThan(295);
    expect(compassPoint(bearing)).toBe('W');
  });

  it('zero for the same place, north along a meridian', () => {
    expect(distanceMetres(helsinki, helsinki)).toBe(0);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBe(0);
    expect(bearingDegrees({ lat: 0, lon: 0 }, { lat: 0, lon: 1 })).toBe(90);
    expect(distanceMetres({ lat: 0, lon: 0 }, { lat: 1, lon: 0 })).toBeCloseTo(111_195, -1);
  });

  it('compass points wrap', () => {
    expect(compassPoint(359)).toBe('N');
    expect(compassPoint(45)).toBe('NE');
    expect(compassPoint(225)).toBe('SW');
  });
});

const cell: Cell = {
  lat: '60.316391',
  lon: '20.994058',
  mcc: '244',
  mnc: '05',
  lac: '0',
  cellid: '10038',
  name: 'Brändö',
  position: { lat: 60.316391, lon: 20.994058 },
};

describe('links', () => {
  it('deep link with decimal id, optionally with the map view', () => {
    expect(cellLink('https://x.test', cell)).toBe('https://x.test/cell/244/05/10038');
    expect(cellLink('https://x.test', cell, { lat: 60.1, lon: 20.5, zoom: 9 })).toBe(
      'https://x.test/cell/244/05/10038?view=60.10000,20.50000,9',
    );
  });

  it('parses the view and ignores nonsense', () => {
    expect(parseView('?view=60.1,20.5,9')).toEqual({ lat: 60.1, lon: 20.5, zoom: 9 });
    expect(parseView('?view=91,0,3')).toBeUndefined();
    expect(parseView('?view=1,2')).toBeUndefined();
    expect(parseView('?view=a,b,c')).toBeUndefined();
    expect(parseView('?view=1,2,30')).toBeUndefined();
    expect(parseView('')).toBeUndefined();
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
