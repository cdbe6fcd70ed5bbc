import { describe, expect, it } from 'vitest';
import { createGazetteer, townGazetteer, type Place } from './gazetteer';

describe('townGazetteer', () => {
  it('names the nearest town of at least 1,000 inhabitants', () => {
    const towns = townGazetteer();
    expect(towns.size).toBeGreaterThan(100_000);
    expect(towns.nearest(61.4978, 23.761)).toBe('Tampere');
    expect(towns.nearest(60.1699, 24.9384)).toBe('Helsinki');
    expect(towns.nearest(65.0121, 25.4651)).toBe('Oulu');
  });

  it('answers far from any town too (mid-ocean, poles)', () => {
    const towns = townGazetteer();
    for (const [lat, lon] of [
      [0, -140],
      [89.9, 10],
      [-89.9, 0],
      [-20, 179.99],
    ] as const) {
      expect(towns.nearest(lat, lon)).not.toBe('');
    }
  });
});

describe('createGazetteer', () => {
  it('finds what a linear scan finds', () => {
    let seed = 42;
    const random = (): number => {
      seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
      return seed / 2 ** 32;
    };
    const places: Place[] = Array.from({ length: 3000 }, (_, i) => ({
      name: `p${i}`,
      lat: random() * 160 - 80,
      lon: random() * 360 - 180,
    }));
    const index = createGazetteer(places);
    const scan = (lat: number, lon: number): string => {
      const cos = Math.cos((lat * Math.PI) / 180);
      let best = Infinity;
      let name = '';
      for (const place of places) {
        let dx = Math.abs(place.lon - lon);
        if (dx > 180) dx = 360 - dx;
        const d = (dx * cos) ** 2 + (place.lat - lat) ** 2;
        if (d < best) {
          best = d;
          name = place.name;
        }
      }
      return name;
    };
    for (let i = 0; i < 2000; i++) {
      const lat = random() * 180 - 90;
      const lon = random() * 360 - 180;
      expect(index.nearest(lat, lon), `${lat},${lon}`).toBe(scan(lat, lon));
    }
  });

  it('wraps at the antimeridian', () => {
    const index = createGazetteer([
      { name: 'east', lat: 0, lon: 179.9 },
      { name: 'far', lat: 0, lon: 170 },
    ]);
    expect(index.nearest(0, -179.9)).toBe('east');
    expect(createGazetteer([]).nearest(0, 0)).toBe('');
  });
});
