import type { Problem } from '../http/api-answer';
import { RateLimiter } from './rate-limit';
import { keyParam, type KeyParams } from './key-params';
import type { ServiceReads } from '../store/service-reads';
import type { User } from '../store/records';

/** Longest key we look up; anything longer cannot be one we issued. */
export const MAX_KEY_LENGTH = 256;

export const UNAUTHORIZED: Problem = {
  status: 401,
  code: 'unauthorized',
  message: 'The serviceKey and userKey are unknown or not of the same developer.',
};

/** How much more an address may ask than one service key: several users may share it (a NAT, an office). */
const ADDRESS_FACTOR = 5;

/**
 * The service's rate limits on the two resources: every request takes from its address's bucket; a failed key
 * check (401) takes from the address's failure bucket; the service key's bucket is charged only once its keys are
 * accepted. So a client that knows a service key (every user of that developer does) and sends bogus user keys
 * runs out its own address, never the service key's other users.
 */
export interface Limits {
  /** Before anything: 429 when the address is over its limit or has failed the key check too often. */
  admit(address: string): Problem | undefined;
  /** The key check failed: charged to the address. */
  failed(address: string): void;
  /** Whether the service key's bucket has room, taking nothing (proxy mode asks before it forwards). */
  keyHasRoom(serviceKey: string): Problem | undefined;
  /** The keys were accepted: takes from the service key's bucket; 429 when it is empty. */
  accepted(serviceKey: string): Problem | undefined;
}

function tooMany(retryAfterSeconds: number, what: string): Problem {
  return {
    status: 429,
    code: 'rate-limited',
    message: `Too many ${what}; try again in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  };
}

/** The limits from the service key's rate and burst (absent or a rate of 0: none). */
export function createLimits(options: { perSecond: number; burst: number } | undefined): Limits {
  const { perSecond, burst } = options ?? { perSecond: 0, burst: 1 };
  const keys = new RateLimiter({ perSecond, burst });
  const addresses = new RateLimiter({ perSecond: perSecond * ADDRESS_FACTOR, burst: burst * ADDRESS_FACTOR });
  const failures = new RateLimiter({ perSecond: perSecond / 4, burst: Math.max(1, Math.floor(burst / 2)) });
  return {
    admit(address) {
      const asked = addresses.take(address);
      if (!asked.ok) return tooMany(asked.retryAfterSeconds, 'requests from this address');
      const failing = failures.peek(address);
      if (!failing.ok) return tooMany(failing.retryAfterSeconds, 'failed key checks from this address');
      return undefined;
    },
    failed(address) {
      failures.take(address);
    },
    keyHasRoom(serviceKey) {
      const room = keys.peek(serviceKey);
      return room.ok ? undefined : tooMany(room.retryAfterSeconds, 'requests for this service key');
    },
    accepted(serviceKey) {
      const taken = keys.take(serviceKey);
      return taken.ok ? undefined : tooMany(taken.retryAfterSeconds, 'requests for this service key');
    },
  };
}

export type Authorized = { ok: true; user: User } | { ok: false; problem: Problem };

/**
 * The key check of both demo reads, in the README's order: a key given twice (400), missing keys (401), a key
 * too long to be ours (401), unknown keys or keys of two developers (401), then the service key's rate limit
 * (429). Every 401 is charged to the client's address.
 */
export type Authorize = (params: KeyParams, address: string) => Authorized;

/**
 * `known` keeps key checks that found both keys (a user, or keys of two developers), so a client's next request
 * costs a Map lookup instead of two SHA-256 hashes and a query; its owner empties it when the database changes.
 * It is keyed by the raw keys and lives in memory only. A Map compares a stored key only when the hashes of the
 * two strings are equal, so the time a miss takes says nothing about a stored key's characters; a miss goes on
 * to the hashed, constant-time check in the store.
 */
export function createAuthorize(
  store: Pick<ServiceReads, 'authenticate'>,
  limits: Limits,
  known: Map<string, User | 'mismatch'> = new Map(),
): Authorize {
  const refuse = (address: string, problem: Problem): Authorized => {
    limits.failed(address);
    return { ok: false, problem };
  };
  return (params, address) => {
    const serviceKey = keyParam(params.serviceKey, 'serviceKey');
    if (typeof serviceKey !== 'string') return { ok: false, problem: serviceKey };
    const userKey = keyParam(params.userKey, 'userKey');
    if (typeof userKey !== 'string') return { ok: false, problem: userKey };
    if (serviceKey === '' || userKey === '') {
      const missing = [serviceKey === '' && 'serviceKey', userKey === '' && 'userKey']
        .filter(Boolean)
        .join(' and ');
      return refuse(address, { status: 401, code: 'missing-keys', message: `${missing} missing.` });
    }
    if (serviceKey.length > MAX_KEY_LENGTH || userKey.length > MAX_KEY_LENGTH) {
      return refuse(address, UNAUTHORIZED);
    }
    const pair = `${serviceKey.length}:${serviceKey}${userKey}`;
    let user = known.get(pair);
    if (user === undefined) {
      user = store.authenticate(serviceKey, userKey);
      if (user !== undefined) known.set(pair, user);
    }
    if (user === undefined || user === 'mismatch') return refuse(address, UNAUTHORIZED);
    const limited = limits.accepted(serviceKey);
    return limited === undefined ? { ok: true, user } : { ok: false, problem: limited };
  };
}
