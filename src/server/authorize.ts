import type { Problem } from './api-answer';
import { RateLimiter } from './rate-limit';
import { keyParam, type KeyParams } from './request-values';
import type { ServiceReads } from './store/service-reads';
import type { User } from './store/records';

/** Longest key we look up; anything longer cannot be one we issued. */
export const MAX_KEY_LENGTH = 256;

export const UNAUTHORIZED: Problem = {
  status: 401,
  code: 'unauthorized',
  message: 'The serviceKey and userKey are unknown or not of the same developer.',
};

/** Takes a request from the service key's bucket: a 429 Problem when it is empty. */
export type Limit = (serviceKey: string) => Problem | undefined;

export function createLimit(options: { perSecond: number; burst: number } | undefined): Limit {
  const limiter = new RateLimiter(options ?? { perSecond: 0, burst: 1 });
  return (serviceKey) => {
    const decision = limiter.take(serviceKey);
    if (decision.ok) return undefined;
    return {
      status: 429,
      code: 'rate-limited',
      message: `Too many requests for this service key; try again in ${decision.retryAfterSeconds} s.`,
      retryAfterSeconds: decision.retryAfterSeconds,
    };
  };
}

export type Authorized = { ok: true; user: User } | { ok: false; problem: Problem };

/**
 * The opening of both demo reads, in the README's order: a key given twice (400), missing keys (401), a key
 * too long to be ours (401), the rate limit (429), then unknown keys or keys of two developers (401).
 */
export type Authorize = (params: KeyParams) => Authorized;

/**
 * `known` keeps key checks that found both keys (a user, or keys of two developers), so a client's next request
 * costs a Map lookup instead of two SHA-256 hashes and a query; its owner empties it when the database changes.
 * It is keyed by the raw keys and lives in memory only. A Map compares a stored key only when the hashes of the
 * two strings are equal, so the time a miss takes says nothing about a stored key's characters; a miss goes on
 * to the hashed, constant-time check in the store.
 */
export function createAuthorize(
  store: Pick<ServiceReads, 'authenticate'>,
  limit: Limit,
  known: Map<string, User | 'mismatch'> = new Map(),
): Authorize {
  return (params) => {
    const serviceKey = keyParam(params.serviceKey, 'serviceKey');
    if (typeof serviceKey !== 'string') return { ok: false, problem: serviceKey };
    const userKey = keyParam(params.userKey, 'userKey');
    if (typeof userKey !== 'string') return { ok: false, problem: userKey };
    if (serviceKey === '' || userKey === '') {
      const missing = [serviceKey === '' && 'serviceKey', userKey === '' && 'userKey']
        .filter(Boolean)
        .join(' and ');
      return { ok: false, problem: { status: 401, code: 'missing-keys', message: `${missing} missing.` } };
    }
    if (serviceKey.length > MAX_KEY_LENGTH || userKey.length > MAX_KEY_LENGTH) {
      return { ok: false, problem: UNAUTHORIZED };
    }
    const limited = limit(serviceKey);
    if (limited !== undefined) return { ok: false, problem: limited };
    const pair = `${serviceKey.length}:${serviceKey}${userKey}`;
    let user = known.get(pair);
    if (user === undefined) {
      user = store.authenticate(serviceKey, userKey);
      if (user !== undefined) known.set(pair, user);
    }
    if (user === undefined || user === 'mismatch') return { ok: false, problem: UNAUTHORIZED };
    return { ok: true, user };
  };
}
