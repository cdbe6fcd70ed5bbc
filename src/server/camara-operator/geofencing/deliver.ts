import { fetchCapped, type OutboundRequest } from '../../net/outbound';
import { sinkAddressProblem, type Resolve } from './sink';
import type { ClaimedEvent, GeofenceStore } from './subscriptions';

export interface DeliveryOptions {
  geofencing: GeofenceStore;
  /** How long one delivery may take, in ms. */
  timeoutMs: number;
  /** How long an event is tried again (with backoff) before the subscription is ended, in ms. */
  retryForMs: number;
  log: (line: string) => void;
  now: () => number;
  fetch?: OutboundRequest['fetch'];
  resolve?: Resolve;
}

/** What a sink may answer: an acknowledgement needs no body; anything longer is not read. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** The first retry comes after this many ms; each later one after twice the last, at most BACKOFF_MAX_MS. */
export const BACKOFF_FIRST_MS = 1000;
export const BACKOFF_MAX_MS = 60_000;

/** The wait before attempt `attempts + 1`: doubling from 1 s to 60 s, with jitter (half to all of it). */
export function backoffMs(attempts: number, random = Math.random): number {
  const full = Math.min(BACKOFF_MAX_MS, BACKOFF_FIRST_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(full * (0.5 + random() / 2));
}

type Outcome = 'delivered' | 'refused' | 'gone' | 'retry';

/** A sink's status as an outcome: 2xx delivered; 410 gone; 408, 429 and 5xx again later; any other refused. */
function outcomeOf(status: number): Outcome {
  if (status >= 200 && status < 300) return 'delivered';
  if (status === 410) return 'gone';
  if (status === 408 || status === 429 || status >= 500) return 'retry';
  return 'refused';
}

async function send(
  event: ClaimedEvent,
  options: DeliveryOptions,
): Promise<{ outcome: Outcome; why: string }> {
  const problem = await sinkAddressProblem(event.sink, options.resolve);
  if (problem !== undefined) return { outcome: 'retry', why: problem };
  const token = event.sinkToken?.token;
  const answer = await fetchCapped({
    url: event.sink,
    method: 'POST',
    headers: {
      'Content-Type': 'application/cloudevents+json',
      ...(token !== undefined && { Authorization: `Bearer ${token}` }),
    },
    body: event.body,
    timeoutMs: options.timeoutMs,
    maxBytes: MAX_ANSWER_BYTES,
    secrets: token === undefined ? [] : [token],
    fetch: options.fetch,
  });
  if (!answer.ok) return { outcome: 'retry', why: `${answer.failure}: ${answer.detail}` };
  return { outcome: outcomeOf(answer.status), why: `HTTP ${answer.status}` };
}

/**
 * Delivers one claimed event, at least once: acknowledged, it is forgotten; refused for good (a 4xx), dropped;
 * 410 Gone, the subscription ends; a failure or 5xx, tried again with backoff (the same event, the same id) until
 * `retryForMs` after it was queued, then the subscription ends (NETWORK_TERMINATED) with what it had waiting.
 */
export async function deliver(event: ClaimedEvent, options: DeliveryOptions): Promise<Outcome> {
  const { geofencing, log } = options;
  const { outcome, why } = await send(event, options);
  const now = options.now();
  const about = `geofencing: event ${event.id} of subscription ${event.subscriptionId}`;
  if (outcome === 'delivered' || outcome === 'refused') {
    if (outcome === 'refused') log(`${about}: the sink refused it (${why}); dropped`);
    await geofencing.delivered(event.id);
  } else if (outcome === 'gone') {
    log(`${about}: the sink is gone (${why}); the subscription ends`);
    await geofencing.abandon(event.subscriptionId, 'NETWORK_TERMINATED', now);
  } else if (now - event.createdAt >= options.retryForMs) {
    log(
      `${about}: undelivered for ${Math.round((now - event.createdAt) / 1000)} s (${why}); the subscription ends`,
    );
    await geofencing.abandon(event.subscriptionId, 'NETWORK_TERMINATED', now);
  } else {
    const attempts = event.attempts + 1;
    await geofencing.retryLater(event.id, attempts, now + backoffMs(attempts));
  }
  return outcome;
}
