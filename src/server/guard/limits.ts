import type { Problem } from '../http/api-answer';
import { RateLimiter, type RateDecision } from './rate-limit';

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
  /**
   * One request to a live cell source (OpenCelliD, geolocate) on the service key's behalf: takes from the key's
   * budget of such requests, a bucket of its own beside the read limit (a cached answer costs nothing).
   */
  spendOnSources(serviceKey: string): RateDecision;
}

/** What a service key may cost the live sources: requests per minute, all of them at once at most (0: no limit). */
export interface SourceBudget {
  perMinute: number;
}

function tooMany(retryAfterSeconds: number, what: string): Problem {
  return {
    status: 429,
    code: 'rate-limited',
    message: `Too many ${what}; try again in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  };
}

/** The limits from the service key's rate and burst, and its budget at the live sources (absent or 0: none). */
export function createLimits(
  options: { perSecond: number; burst: number } | undefined,
  budget?: SourceBudget,
): Limits {
  const { perSecond, burst } = options ?? { perSecond: 0, burst: 1 };
  const perMinute = budget?.perMinute ?? 0;
  const sourceRequests = new RateLimiter({ perSecond: perMinute / 60, burst: perMinute });
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
    spendOnSources(serviceKey) {
      return sourceRequests.take(serviceKey);
    },
  };
}
