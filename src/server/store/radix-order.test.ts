import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderByDouble, orderByFloat32 } from './radix-order';

describe('orderByDouble', () => {
  it('orders as a stable comparator sort does, negatives, zeros, ties and extremes included', () => {
    const value = fc.oneof(
      fc.double({ noNaN: true }),
      fc.constantFrom(-180, 180, 0, -0, 24.9384, -24.9384, Number.MIN_VALUE, -Number.MAX_VALUE),
      fc.integer({ min: -3, max: 3 }),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 400 }), (values) => {
        const expected = values
          .map((_, i) => i)
          // -0 before 0, as a typed array's sort places them.
          .sort(
            (a, b) =>
              values[a]! - values[b]! ||
              (Object.is(values[a], -0) ? 0 : 1) - (Object.is(values[b], -0) ? 0 : 1) ||
              a - b,
          );
        expect(Array.from(orderByDouble(Float64Array.from(values)))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});

describe('orderByFloat32', () => {
  it("orders as a stable comparator sort of each value's nearest float32 does", () => {
    const value = fc.oneof(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.constantFrom(-180, 180, 0, -0, 24.9384, 24.93840001, -24.9384, Number.MIN_VALUE),
      fc.integer({ min: -3, max: 3 }),
    );
    fc.assert(
      fc.property(fc.array(value, { maxLength: 400 }), (values) => {
        const single = values.map((v) => Math.fround(v));
        const expected = values
          .map((_, i) => i)
          .sort(
            (a, b) =>
              single[a]! - single[b]! ||
              (Object.is(single[a], -0) ? 0 : 1) - (Object.is(single[b], -0) ? 0 : 1) ||
              a - b,
          );
        expect(Array.from(orderByFloat32(Float64Array.from(values)))).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
