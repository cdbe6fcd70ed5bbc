import { describe, expect, it } from 'vitest';
import { bearingDegrees, compassPoint, distanceMetres } from './geo';

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
