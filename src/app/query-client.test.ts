import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api/errors';
import { shouldRetry } from './query-client';

describe('retry policy', () => {
  it('retries the network, timeouts and 5xx at most twice', () => {
    for (const kind of ['network', 'timeout', 'server'] as ApiErrorKind[]) {
      expect(shouldRetry(0, new ApiError(kind, 'x'))).toBe(true);
      expect(shouldRetry(1, new ApiError(kind, 'x'))).toBe(true);
      expect(shouldRetry(2, new ApiError(kind, 'x'))).toBe(false);
    }
  });

  it('never retries a 4xx or an unreadable answer', () => {
    for (const kind of [
      'unauthorized',
      'forbidden',
      'not-found',
      'bad-request',
      'rate-limited',
      'malformed',
    ] as ApiErrorKind[]) {
      expect(shouldRetry(0, new ApiError(kind, 'x'))).toBe(false);
    }
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });
});
