import type { Hono } from 'hono';
import { createClient } from '../../api/client';
import { ApiError } from '../../api/errors';

/** For tests: the app's own client, speaking to the service's app without a socket. */
export function clientOf(app: Hono, format: 'xml' | 'json' = 'xml'): ReturnType<typeof createClient> {
  return createClient({
    baseUrl: 'http://x/api',
    format,
    fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
  });
}

/** For tests: the ApiError a read fails with; a read that succeeds, or fails otherwise, fails the test. */
export async function apiErrorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the read to fail');
}
