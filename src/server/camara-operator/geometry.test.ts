import { describe, expect, it } from 'vitest';
import { boxAround, distanceMeters, sharedArea, verify, type Disc } from './geometry';

const HELSINKI = { latitude: 60.1699, longitude: 24.9384 };
const TAMPERE = { latitude: 61.4978, longitude: 23.761 };
/** A point `meters` north of `from` (a degree of latitude is 111.195 km on the mean sphere). */
const north = (from: typeof HELSINKI, meters: number) => ({
  ...from,
  latitude: from.latitude + meters / 111_195.08,
});
const disc = (at: typeof HELSINKI, radius: number): Disc => ({ ...at, radius });

describe('distance', () => {
  it('is the great-circle distance (Helsinki–Tampere, about 160 km)', () => {
    expect(distanceMeters(HELSINKI, TAMPERE) / 1000).toBeCloseTo(160.5, 0);
    expect(distanceMeters(HELSINKI, north(HELSINKI, 2500))).toBeCloseTo(2500, 0);
    expect(distanceMeters(HELSINKI, HELSINKI)).toBe(0);
  });
});

describe('the area two discs share', () => {
  it('is none when they are apart, the smaller disc when one holds the other', () => {
    expect(sharedArea(disc(HELSINKI, 1000), disc(north(HELSINKI, 2500), 1000))).toBe(0);
    expect(sharedArea(disc(HELSINKI, 5000), disc(north(HELSINKI, 1000), 1000))).toBeCloseTo(
      Math.PI * 1e6,
      -2,
    );
  });

  it('is the lens between: two equal discs a radius apart share (2π/3 − √3/2) r²', () => {
    const r = 1000;
    const lens = ((2 * Math.PI) / 3 - Math.sqrt(3) / 2) * r * r;
    expect(sharedArea(disc(HELSINKI, r), disc(north(HELSINKI, r), r)) / lens).toBeCloseTo(1, 3);
  });
});

describe('verification (location-verification v3)', () => {
  const network = disc(HELSINKI, 1000);

  it('is TRUE when the network’s area lies inside the requested one', () => {
    expect(verify(disc(HELSINKI, 2000), network)).toEqual({ verificationResult: 'TRUE' });
    expect(verify(disc(north(HELSINKI, 900), 2000), network)).toEqual({ verificationResult: 'TRUE' });
  });

  it('is FALSE when the areas do not meet', () => {
    expect(verify(disc(north(HELSINKI, 3100), 2000), network)).toEqual({ verificationResult: 'FALSE' });
    expect(verify(disc(TAMPERE, 50_000), network)).toEqual({ verificationResult: 'FALSE' });
  });

  it('is PARTIAL with matchRate = (R ∩ N) / N × 100 when they overlap', () => {
    // Equal discs a radius apart: the lens is 39.1 % of each.
    expect(verify(disc(north(HELSINKI, 1000), 1000), network)).toEqual({
      verificationResult: 'PARTIAL',
      matchRate: 39,
    });
  });

  it('is PARTIAL when the network’s area holds the requested one: the share of N that R covers', () => {
    const wide = disc(HELSINKI, 4000);
    expect(verify(disc(HELSINKI, 1000), wide)).toEqual({ verificationResult: 'PARTIAL', matchRate: 6 });
  });

  it('keeps matchRate within 1–99 when the overlap rounds to 0 or 100', () => {
    expect(verify(disc(north(HELSINKI, 2990), 2000), network)).toEqual({
      verificationResult: 'PARTIAL',
      matchRate: 1,
    });
    expect(verify(disc(north(HELSINKI, 1010), 2000), network)).toEqual({
      verificationResult: 'PARTIAL',
      matchRate: 99,
    });
  });
});

describe('the box around a disc', () => {
  it('holds the disc and the margin', () => {
    const box = boxAround(disc(HELSINKI, 1000), 10_000);
    expect(distanceMeters(HELSINKI, { latitude: box.north, longitude: HELSINKI.longitude })).toBeCloseTo(
      11_000,
      0,
    );
    expect(distanceMeters(HELSINKI, { latitude: HELSINKI.latitude, longitude: box.east })).toBeGreaterThan(
      11_000,
    );
  });

  it('crosses 180° as west > east, and takes every longitude at a pole', () => {
    const box = boxAround(disc({ latitude: -41.2, longitude: 179.95 }, 20_000));
    expect(box.west).toBeGreaterThan(box.east);
    expect(box.east).toBeLessThan(-179.5);
    expect(boxAround(disc({ latitude: 89.99, longitude: 10 }, 5000))).toMatchObject({
      west: -180,
      east: 180,
      north: 90,
    });
  });
});
