import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { WatchKind } from '../../../api/watches';
import { phoneNumberOf } from '../asks';
import { askConsent, MAX_INTERVAL_SECONDS, pollToken, SLOW_DOWN_SECONDS } from '../ciba';
import type { ConsumerContext, Subscriber } from '../context';
import type { ConsumerFailure } from '../failures';
import { createScope, TYPE_OF, watchScopes, type WatchEndReason } from './geofencing';
import { createSubscription, findSubscription } from './subscriptions-api';
import type { Watch, WatchState, WatchStore } from '../../store/watch-store';

/** What the watches work with: the consumer's context (operator, token store, seal, clock), their store, the sink. */
export interface WatchContext {
  consumer: ConsumerContext;
  watches: WatchStore;
  /** The sink's absolute URL on this service (PUBLIC_URL, or its loopback listen address). */
  sinkUrl: () => string;
}

/** A step (a poll, the subscription) holds its watch this long at most. */
export const STEP_MS = 60_000;
/** The margin kept between a token's end and the operator's clock. */
const TOKEN_MARGIN_MS = 30_000;

export const sinkHashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** What a person asks to watch: a circle, and whether to be told when the phone arrives in it or leaves it. */
export interface WatchAsk {
  kind: WatchKind;
  center: { lat: number; lon: number };
  radiusM: number;
}

/** A subscription (and its sink bearer) lasts a day: a person watching for longer starts again. */
export const WATCH_LIFETIME_MS = 24 * 3600_000;

/**
 * A new watch of `subscriber`'s phone as `ask` says, made at `at`, in its first `state` with the hash of its sink
 * bearer; held by its maker for one step (STEP_MS), its life a day (WATCH_LIFETIME_MS).
 */
export function newWatch(
  subscriber: Subscriber,
  ask: WatchAsk,
  at: number,
  first: { state: WatchState; sinkHash: string },
): Watch {
  return {
    id: randomUUID(),
    userId: subscriber.userId,
    msisdn: subscriber.msisdn,
    kind: ask.kind,
    lat: ask.center.lat,
    lon: ask.center.lon,
    radiusM: ask.radiusM,
    state: first.state,
    endReason: null,
    endDetail: null,
    authReqId: null,
    consentExpiresAt: null,
    intervalS: null,
    nextPollAt: null,
    busyUntil: at + STEP_MS,
    subscriptionId: null,
    sinkHash: first.sinkHash,
    expiresAt: at + WATCH_LIFETIME_MS,
    createdAt: at,
    updatedAt: at,
  };
}

/** The scope a watch's consent asks for: openid, the purpose, and create/read/delete for its event type. */
export const scopeOfWatch = (watch: Pick<Watch, 'kind'>, purpose: string): string =>
  `openid ${purpose} ${watchScopes(watch.kind)}`;

/** Why a consent failed, as the watch ends. */
function endOfFailure(failure: ConsumerFailure): WatchEndReason {
  if (failure.reason === 'refused' || failure.reason === 'expired') return failure.reason;
  return failure.reason === 'operator-down' || failure.reason === 'operator-slow'
    ? 'operator-down'
    : 'operator-refused';
}

async function end(
  context: WatchContext,
  watch: Watch,
  reason: WatchEndReason,
  detail: string,
  extra?: string,
) {
  context.consumer.log(`camara: user ${watch.userId} watch ${watch.id}: ended, ${reason} (${detail})`);
  await context.watches.end(watch.id, reason, context.consumer.now(), extra);
}

/** The user's token for the watch's scope, when one is held and opens for the same number. */
export async function heldWatchToken(context: WatchContext, watch: Watch): Promise<string | undefined> {
  const { consumer } = context;
  const scope = scopeOfWatch(watch, consumer.purpose);
  const held = await consumer.store.getToken(watch.userId, scope, consumer.now());
  if (held === undefined || held.msisdn !== watch.msisdn) return undefined;
  return consumer.seal.open(held.sealed, { userId: watch.userId, msisdn: watch.msisdn, scope });
}

async function keepWatchToken(
  context: WatchContext,
  watch: Watch,
  token: string,
  seconds: number | undefined,
) {
  const { consumer } = context;
  const scope = scopeOfWatch(watch, consumer.purpose);
  const expiresAt = consumer.now() + (seconds ?? 600) * 1000 - TOKEN_MARGIN_MS;
  if (expiresAt <= consumer.now()) return;
  const sealed = await consumer.seal.seal(token, { userId: watch.userId, msisdn: watch.msisdn, scope });
  await consumer.store.putToken(watch.userId, scope, { sealed, msisdn: watch.msisdn, expiresAt });
}

/** The owner is asked on the phone (CIBA): the watch waits for the consent, or ends when the operator refuses. */
export async function askWatchConsent(context: WatchContext, watch: Watch): Promise<void> {
  const { consumer } = context;
  const phone = phoneNumberOf(watch.msisdn);
  if (phone === undefined) return end(context, watch, 'operator-refused', 'number not international');
  const scope = scopeOfWatch(watch, consumer.purpose);
  const asked = await askConsent(consumer.oauth, phone, scope, Math.floor(consumer.now() / 1000));
  if (!asked.ok) return end(context, watch, endOfFailure(asked.failure), asked.failure.detail);
  const at = consumer.now();
  const { authReqId, expiresInSeconds, intervalSeconds } = asked.request;
  await context.watches.setConsent(
    watch.id,
    {
      authReqId,
      consentExpiresAt: at + expiresInSeconds * 1000,
      intervalS: intervalSeconds,
      nextPollAt: at + intervalSeconds * 1000,
    },
    at,
  );
}

/** One poll of the token endpoint for a watch the caller claimed; with the token, the subscription. */
export async function pollWatchConsent(context: WatchContext, watch: Watch): Promise<void> {
  const { consumer, watches } = context;
  const at = consumer.now();
  if (watch.authReqId === null || watch.consentExpiresAt === null || watch.intervalS === null) {
    return end(context, watch, 'operator-refused', 'the kept consent cannot be read');
  }
  if (at >= watch.consentExpiresAt) return end(context, watch, 'expired', 'the owner did not answer in time');
  const polled = await pollToken(
    consumer.oauth,
    watch.authReqId,
    createScope(watch.kind),
    Math.floor(at / 1000),
  );
  const again = (interval: number, failures = false) =>
    watches
      .setConsent(
        watch.id,
        {
          authReqId: watch.authReqId!,
          consentExpiresAt: watch.consentExpiresAt!,
          intervalS: interval,
          nextPollAt: consumer.now() + interval * 1000,
        },
        consumer.now(),
      )
      .then(() => failures && consumer.log(`camara: watch ${watch.id}: poll failed, trying again`));
  switch (polled.kind) {
    case 'pending':
      return void (await again(watch.intervalS));
    case 'slow-down':
      return void (await again(Math.min(watch.intervalS + SLOW_DOWN_SECONDS, MAX_INTERVAL_SECONDS)));
    case 'failed':
      if (polled.transient) return void (await again(watch.intervalS, true));
      return end(context, watch, endOfFailure(polled.failure), polled.failure.detail);
    case 'token':
      await keepWatchToken(context, watch, polled.token.accessToken, polled.token.expiresInSeconds);
      return subscribe(context, watch, polled.token.accessToken);
  }
}

/**
 * Subscribes at the operator with a fresh sink bearer (only its hash is kept): 201 active, 202 being made; a
 * refusal ends the watch with its reason (and, for a radius, the limits the operator named). An answer that never
 * came is looked for in the operator's list: it may have made the subscription all the same.
 */
export async function subscribe(context: WatchContext, watch: Watch, accessToken: string): Promise<void> {
  const { consumer, watches } = context;
  const sinkToken = randomBytes(32).toString('base64url');
  const at = consumer.now();
  if (!(await watches.arm(watch.id, sinkHashOf(sinkToken), at, at + STEP_MS))) return;
  const sink = context.sinkUrl();
  const ask = { ...watch, sink, sinkToken, expiresAt: watch.expiresAt };
  const made = await createSubscription(consumer.api, accessToken, ask);
  if (made.ok) return watches.subscribed(watch.id, made.subscriptionId, made.state, consumer.now());
  if ('tokenRejected' in made) {
    await consumer.store.deleteToken(watch.userId, scopeOfWatch(watch, consumer.purpose));
    return end(context, watch, 'operator-refused', made.detail);
  }
  if (made.unknown === true) {
    const found = await findSubscription(consumer.api, accessToken, sink, TYPE_OF[watch.kind]);
    if (found !== undefined) return watches.subscribed(watch.id, found, 'active', consumer.now());
  }
  return end(context, watch, made.reason, made.detail, made.limits);
}
