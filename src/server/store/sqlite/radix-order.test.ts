import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { orderByDouble } from './radix-order';

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
