import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, distanceMetres, worldBox } from './geo';

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

describe('worldBox', () => {
  const edges = (west: number, south: number, east: number, north: number) => ({
    getWest: () => west,
    getSouth: () => south,
    getEast: () => east,
    getNorth: () => north,
  });

  it('keeps a view within the world as it is', () => {
    expect(worldBox(edges(24, 60, 25, 61))).toEqual([24, 60, 25, 61]);
  });

  it('wraps a view panned round the world, and writes one across 180° with west > east', () => {
    expect(worldBox(edges(-200, 10, -190, 20))).toEqual([160, 10, 170, 20]);
    expect(worldBox(edges(170, -20, 190, -10))).toEqual([170, -20, -170, -10]);
  });

  it('takes a view wider than the world as all of it, and clamps the poles', () => {
    expect(worldBox(edges(-300, -95, 300, 95))).toEqual([-180, -90, 180, 90]);
  });
});
