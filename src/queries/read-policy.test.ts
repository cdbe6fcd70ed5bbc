import { describe, expect, it } from 'vitest';
import { ApiError, type ApiErrorKind } from '../api/errors';
import { READ_ATTEMPTS, readDeadline, retryDelay, RETRYABLE, shouldRetry } from './read-policy';

describe('the retry policy', () => {
  it('is three tries at most, 400 and 800 ms apart, after the network, a timeout or a 5xx only', () => {
    expect(READ_ATTEMPTS).toBe(3);
    expect([retryDelay(0), retryDelay(1)]).toEqual([400, 800]);
    expect([...RETRYABLE].sort()).toEqual(['network', 'server', 'timeout']);
    expect(readDeadline(10_000, 1_000)).toBe(1_000 + 10_000 + 2_000 - 250);
  });

  it('retries the network, timeouts and 5xx at most twice', () => {
    for (const kind of ['network', 'timeout', 'server'] as ApiErrorKind[]) {
      expect(shouldRetry(0, new ApiError(kind, 'x'))).toBe(true);
      expect(shouldRetry(1, new ApiError(kind, 'x'))).toBe(true);
      expect(shouldRetry(2, new ApiError(kind, 'x'))).toBe(false);
    }
  });

  it('never retries a 4xx, an unreadable answer, being offline, a request that could not be built or another build', () => {
    for (const kind of [
      'unauthorized',
      'forbidden',
      'not-found',
      'bad-request',
      'rate-limited',
      'malformed',
      'offline',
      'unsendable',
      'outdated',
    ] as ApiErrorKind[]) {
      expect(shouldRetry(0, new ApiError(kind, 'x'))).toBe(false);
    }
    expect(shouldRetry(0, new Error('bug'))).toBe(false);
  });

  it('tries again only while the deadline leaves time for it', () => {
    const error = new ApiError('timeout', 'x', { status: 504, deadline: 10_000 });
    expect(shouldRetry(0, error, 9_000)).toBe(true);
    expect(shouldRetry(0, error, 9_700)).toBe(false);
    expect(shouldRetry(1, error, 9_000)).toBe(true);
    expect(shouldRetry(1, error, 9_300)).toBe(false);
    expect(shouldRetry(2, error, 0)).toBe(false);
    expect(shouldRetry(0, new ApiError('timeout', 'x'), 1e12)).toBe(true);
  });
});
