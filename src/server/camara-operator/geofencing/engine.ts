import { GEOFENCING_SCOPES } from '../oidc/scopes';
import type { CamaraStore } from '../../store/camara-store';
import { endedEvent } from './cloud-event';
import { deliver, type DeliveryOptions } from './deliver';
import { AREA_ENTERED, type GeofenceStore, type GeofenceSubscription } from '../../store/geofence-store';
import { advanceFor, endsByTime, TOKEN_EXPIRY_MARGIN_MS } from './watch';

/** The engine's settings (GEOFENCING_TICK_MS, GEOFENCING_RETRY_SECONDS; docs/camara-operator.md). */
export interface GeofencingSettings {
  /** How often subscribed phones are looked at and due events sent, in ms. */
  tickMs: number;
  /** How long an undelivered event is tried again before its subscription ends, in ms. */
  retryForMs: number;
  /** How long one delivery may take, in ms. */
  timeoutMs: number;
}

export const GEOFENCING_DEFAULTS: GeofencingSettings = { tickMs: 2000, retryForMs: 600_000, timeoutMs: 5000 };

export interface EngineOptions extends Omit<DeliveryOptions, 'timeoutMs' | 'retryForMs'> {
  camara: CamaraStore;
  geofencing: GeofenceStore;
  /** CloudEvents' `source`: the API's root under the public URL. */
  source: () => string;
  settings: GeofencingSettings;
}

/** Events one tick claims at most (they are sent at once, side by side). */
const CLAIM_LIMIT = 32;
/** Ended subscriptions with nothing left to send are forgotten this often. */
const PRUNE_EVERY_MS = 60_000;

const createScope = (subscription: GeofenceSubscription): string =>
  subscription.type === AREA_ENTERED ? GEOFENCING_SCOPES.createEntered : GEOFENCING_SCOPES.createLeft;

/**
 * Looks at one subscription: ended by the clock (its expiry, its sink token's), by the subscriber (consent to the
 * consumer, its purpose and the event type withdrawn; no longer registered), or moved on by the phone's position.
 */
async function watchOne(options: EngineOptions, subscription: GeofenceSubscription, now: number) {
  const { camara, geofencing } = options;
  const end = (reason: Parameters<typeof endedEvent>[2], description?: string) =>
    geofencing.end(
      subscription.id,
      reason,
      [endedEvent(options.source(), subscription, reason, now, description)],
      now,
    );
  const byTime = endsByTime(subscription, now);
  if (byTime !== undefined) return end(byTime);
  const { msisdn, clientId, purpose } = subscription;
  const subscriber = await camara.subscriber(msisdn);
  if (
    subscriber === undefined ||
    !(await camara.hasConsent({ msisdn, clientId, purpose, scopes: [createScope(subscription)] }))
  ) {
    return end('NETWORK_TERMINATED', 'The subscriber withdrew consent, or is no longer a subscriber.');
  }
  const change = advanceFor(options.source(), subscription, subscriber.fix, now);
  return change === undefined ? false : geofencing.advance(subscription.id, change, now);
}

/**
 * What one engine remembers between its rounds: the latest move it has looked at (undefined: none yet, so its
 * first round looks at every live subscription).
 */
export interface TickState {
  movedAfter?: number;
}

/** A move is looked at again for this long: a replica or the command line may commit a move stamped earlier. */
export const MOVE_MARGIN_MS = 10_000;

/** The subscriptions a round looks at: all on the first round, then those that may change (GeofenceStore.due). */
async function mayChange(options: EngineOptions, state: TickState, now: number) {
  const { geofencing } = options;
  // Read before the subscriptions: a move made meanwhile is later than it, and looked at again next round.
  const latest = await geofencing.latestMove();
  const { movedAfter } = state;
  const found =
    movedAfter === undefined
      ? await geofencing.active()
      : await geofencing.due({
          movedAfter: movedAfter - MOVE_MARGIN_MS,
          now,
          tokenBy: now + TOKEN_EXPIRY_MARGIN_MS,
        });
  state.movedAfter = Math.max(latest ?? 0, movedAfter ?? 0);
  return found;
}

/**
 * One round: the live subscriptions that may change looked at (with `state`, only those: their phone moved, their
 * time or their consent ran out; without, every one), then the events due sent (claimed, so one replica sends each).
 */
export async function geofencingTick(options: EngineOptions, state: TickState = {}): Promise<void> {
  const now = options.now();
  for (const subscription of await mayChange(options, state, now)) {
    await watchOne(options, subscription, now).catch((error: unknown) => {
      options.log(`geofencing: subscription ${subscription.id}: ${(error as Error).message}`);
    });
  }
  const { timeoutMs, retryForMs, tickMs } = options.settings;
  const claimed = await options.geofencing.claimEvents(options.now(), timeoutMs * 2 + tickMs, CLAIM_LIMIT);
  await Promise.all(claimed.map((event) => deliver(event, { ...options, timeoutMs, retryForMs })));
}

/**
 * The geofencing engine: a tick every `tickMs` (never two at once in one process). Several replicas each run one;
 * the store's compare-and-set and claims make each crossing one event and each event one delivery.
 */
export function startGeofencing(options: EngineOptions): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  let pruned = 0;
  const state: TickState = {};
  const tick = (): void => {
    if (running !== undefined) return;
    running = geofencingTick(options, state)
      .then(async () => {
        const now = options.now();
        if (now - pruned < PRUNE_EVERY_MS) return;
        pruned = now;
        await options.geofencing.prune(now);
      })
      .catch((error: unknown) => options.log(`geofencing: ${(error as Error).message}`))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, options.settings.tickMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
