import type { Problem } from '../http/api-answer';
import type { BucketSpec, SharedBuckets } from '../../store/shared-buckets';
import type { Maybe } from '../maybe';
import { RateLimiter, type RateDecision } from './rate-limit';

/** How much more an address may ask than one service key: several users may share it (a NAT, an office). */
const ADDRESS_FACTOR = 5;

/**
 * The service's rate limits on the two resources: every request takes from its address's bucket; a failed key
 * check (401) takes from the address's failure bucket; the service key's bucket is charged only once its keys are
 * accepted. So a client that knows a service key (every user of that developer does) and sends bogus user keys
 * runs out its own address, never the service key's other users. The buckets are this process's, or, with several
 * replicas on one PostgreSQL, the database's: one limit across them all, answered later.
 */
export interface Limits {
  /** Before anything: 429 when the address is over its limit or has failed the key check too often. */
  admit(address: string): Maybe<Problem | undefined>;
  /**
   * The key check failed: charged to the address. Shared buckets: settled once the charge is made (never rejected),
   * so the refusal leaves only after it counts, and no replica lets a guesser's next try through meanwhile.
   */
  failed(address: string): Maybe<void>;
  /** Whether the service key's bucket has room, taking nothing (proxy mode asks before it forwards). */
  keyHasRoom(serviceKey: string): Maybe<Problem | undefined>;
  /** The keys were accepted: takes from the service key's bucket; 429 when it is empty. */
  accepted(serviceKey: string): Maybe<Problem | undefined>;
  /**
   * One request to a live cell source (OpenCelliD, geolocate) on the service key's behalf: takes from the key's
   * budget of such requests, a bucket of its own beside the read limit (a cached answer costs nothing).
   */
  spendOnSources(serviceKey: string): Maybe<RateDecision>;
  /** The CAMARA operator's CIBA, before a login_hint is read: 429 once the API consumer has tried too many
   *  unknown numbers, whatever number it asks for now (else the refusal itself would tell known from unknown). */
  hintsHaveRoom(clientId: string): Maybe<Problem | undefined>;
  /** A login_hint that names no subscriber: charged to the API consumer once per distinct hint a minute. */
  unknownHint(clientId: string, hint: string): Maybe<void>;
}

/** What a service key may cost the live sources: requests per minute, all of them at once at most (0: no limit). */
export interface SourceBudget {
  perMinute: number;
}

/** Distinct unknown numbers one API consumer of the CAMARA operator may try a minute, all at once at most (0: no
 *  limit): so that no consumer sweeps a number range for subscribers. */
export interface HintBudget {
  unknownPerMinute: number;
}

function tooMany(retryAfterSeconds: number, what: string): Problem {
  return {
    status: 429,
    code: 'rate-limited',
    message: `Too many ${what}; try again in ${retryAfterSeconds} s.`,
    retryAfterSeconds,
  };
}

const ADDRESS = 'requests from this address';
const FAILURES = 'failed key checks from this address';
const KEY = 'requests for this service key';
const HINTS = 'unknown numbers tried by this API consumer';

type Rate = { perSecond: number; burst: number };
interface Rates {
  keys: Rate;
  addresses: Rate;
  failures: Rate;
  sources: Rate;
  unknownHints: Rate;
  /** One token a minute per consumer and hint: a hint tried again within the minute is not charged again. */
  hintSeen: Rate;
}

function rates(perSecond: number, burst: number, perMinute: number, unknownPerMinute: number): Rates {
  return {
    keys: { perSecond, burst },
    addresses: { perSecond: perSecond * ADDRESS_FACTOR, burst: burst * ADDRESS_FACTOR },
    failures: { perSecond: perSecond / 4, burst: Math.max(1, Math.floor(burst / 2)) },
    sources: { perSecond: perMinute / 60, burst: perMinute },
    unknownHints: { perSecond: unknownPerMinute / 60, burst: unknownPerMinute },
    hintSeen: { perSecond: unknownPerMinute > 0 ? 1 / 60 : 0, burst: 1 },
  };
}

/**
 * The limits from the service key's rate and burst, and its budget at the live sources (absent or 0: none), kept
 * in `shared` buckets when given, else in this process.
 */
export function createLimits(
  options: { perSecond: number; burst: number } | undefined,
  budget?: SourceBudget,
  shared?: SharedBuckets,
  hints?: HintBudget,
): Limits {
  const { perSecond, burst } = options ?? { perSecond: 0, burst: 1 };
  const r = rates(perSecond, burst, budget?.perMinute ?? 0, hints?.unknownPerMinute ?? 0);
  const local = localLimits(r);
  if (shared === undefined) return local;
  // A rate of 0 is no limit: nothing to share.
  const across = sharedLimits(r, shared);
  const hinted = r.unknownHints.perSecond > 0 ? across : local;
  return {
    ...(perSecond > 0 ? across : local),
    spendOnSources: r.sources.perSecond > 0 ? across.spendOnSources : local.spendOnSources,
    hintsHaveRoom: hinted.hintsHaveRoom,
    unknownHint: hinted.unknownHint,
  };
}

/** The limits kept in this process (SQLite: one process is all there is). */
function localLimits(r: Rates): Limits {
  const sourceRequests = new RateLimiter(r.sources);
  const keys = new RateLimiter(r.keys);
  const addresses = new RateLimiter(r.addresses);
  const failures = new RateLimiter(r.failures);
  const unknownHints = new RateLimiter(r.unknownHints);
  const hintSeen = new RateLimiter(r.hintSeen);
  return {
    admit(address) {
      const asked = addresses.take(address);
      if (!asked.ok) return tooMany(asked.retryAfterSeconds, ADDRESS);
      const failing = failures.peek(address);
      if (!failing.ok) return tooMany(failing.retryAfterSeconds, FAILURES);
      return undefined;
    },
    failed(address) {
      failures.take(address);
    },
    keyHasRoom(serviceKey) {
      const room = keys.peek(serviceKey);
      return room.ok ? undefined : tooMany(room.retryAfterSeconds, KEY);
    },
    accepted(serviceKey) {
      const taken = keys.take(serviceKey);
      return taken.ok ? undefined : tooMany(taken.retryAfterSeconds, KEY);
    },
    spendOnSources(serviceKey) {
      return sourceRequests.take(serviceKey);
    },
    hintsHaveRoom(clientId) {
      const room = unknownHints.peek(clientId);
      return room.ok ? undefined : tooMany(room.retryAfterSeconds, HINTS);
    },
    unknownHint(clientId, hint) {
      if (hintSeen.take(`${clientId} ${hint}`).ok) unknownHints.take(clientId);
    },
  };
}

/** Seconds until a bucket refilling at `perSecond` holds a whole token again (as RateLimiter says it). */
const waitFor = (tokens: number, perSecond: number): number =>
  Math.max(1, Math.ceil((1 - tokens) / perSecond));

/** The same limits, each bucket one row that every replica charges (store/postgres/buckets.ts). */
function sharedLimits(r: Rates, shared: SharedBuckets): Limits {
  const bucket = (scope: string, value: string, rate: { perSecond: number; burst: number }): BucketSpec => ({
    name: `${scope} ${value}`,
    ...rate,
  });
  return {
    async admit(address) {
      const charged = await shared.charge(
        bucket('address', address, r.addresses),
        bucket('failures', address, r.failures),
      );
      if (!charged.taken) return tooMany(waitFor(charged.tokens, r.addresses.perSecond), ADDRESS);
      if (charged.peeked < 1) return tooMany(waitFor(charged.peeked, r.failures.perSecond), FAILURES);
      return undefined;
    },
    async failed(address) {
      // A charge lost with the database is a failure not counted: the request is refused all the same.
      await shared.charge(bucket('failures', address, r.failures)).catch(() => undefined);
    },
    async keyHasRoom(serviceKey) {
      const tokens = await shared.tokens(bucket('key', serviceKey, r.keys));
      return tokens >= 1 ? undefined : tooMany(waitFor(tokens, r.keys.perSecond), KEY);
    },
    async accepted(serviceKey) {
      const charged = await shared.charge(bucket('key', serviceKey, r.keys));
      return charged.taken ? undefined : tooMany(waitFor(charged.tokens, r.keys.perSecond), KEY);
    },
    async spendOnSources(serviceKey): Promise<RateDecision> {
      const charged = await shared.charge(bucket('sources', serviceKey, r.sources));
      return charged.taken
        ? { ok: true }
        : { ok: false, retryAfterSeconds: waitFor(charged.tokens, r.sources.perSecond) };
    },
    async hintsHaveRoom(clientId) {
      const tokens = await shared.tokens(bucket('unknown-hints', clientId, r.unknownHints));
      return tokens >= 1 ? undefined : tooMany(waitFor(tokens, r.unknownHints.perSecond), HINTS);
    },
    async unknownHint(clientId, hint) {
      const first = await shared.charge(bucket('hint', `${clientId} ${hint}`, r.hintSeen));
      if (first.taken) await shared.charge(bucket('unknown-hints', clientId, r.unknownHints));
    },
  };
}
