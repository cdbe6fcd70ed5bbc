import { describe, expect, it } from 'vitest';
import { longRunMs } from './long-run';

describe('longRunMs', () => {
  it('is what the cells take at the service key’s limit, once that is over a minute', () => {
    expect(longRunMs(10_000, 20)).toBe(500_000);
    expect(longRunMs(13_000, 200)).toBe(65_000);
    expect(longRunMs(12_000, 200)).toBeUndefined();
    expect(longRunMs(1_200, 20)).toBeUndefined();
  });

  it('is nothing to ask about when the service names no limit', () => {
    expect(longRunMs(100_000, undefined)).toBeUndefined();
    expect(longRunMs(100_000, 0)).toBeUndefined();
  });
});
