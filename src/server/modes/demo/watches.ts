import { randomBytes } from 'node:crypto';
import { MAX_OPEN_WATCHES, type WatchEndReason } from '../../../api/watches';
import { GEOFENCING_SCOPES } from '../../../api/geofencing';
import type { Subscriber } from '../../camara-consumer/context';
import { subscriptionRequest } from '../../camara-consumer/watches/subscriptions-api';
import type { Watches } from '../../camara-consumer/watches/watch-engine';
import type { WatchSource } from '../../camara-consumer/watches/watch-source';
import { newWatch, sinkHashOf, type WatchAsk } from '../../camara-consumer/watches/watch-steps';
import { EVENTS_SHOWN, watchView } from '../../camara-consumer/watches/watch-view';
import { CamaraFailure } from '../../camara-operator/errors';
import { endedEvent } from '../../camara-operator/geofencing/cloud-event';
import { createSubscription, GEOFENCE_RADIUS } from '../../camara-operator/geofencing/create';
import type { CamaraStore } from '../../store/camara-store';
import type { GeofenceStore } from '../../store/geofence-store';
import type { Watch, WatchStore } from '../../store/watch-store';

/**
 * "Watch my phone" in demo mode (LOCATION_SOURCE=store): the service subscribes in-process at its own CAMARA
 * operator for its own users. The subscription is the operator's (its geofencing engine sees the phone's cell
 * move, makes each crossing one event, and delivers it at least once to the sink), the watch is the consumer's
 * (the same table, the same sink, the same views): one engine and one watch store, no second pipeline
 * (docs/design.md, "Watch my phone in demo mode").
 */

/** The consumer the operator knows these subscriptions by: not a client id one can register (admin allows
 *  [A-Za-z0-9._~-] only), so no registered consumer shares its consents. */
export const DEMO_WATCH_CLIENT = 'cellpos:watch-my-phone';
/** The purpose these subscriptions are for: the person watches their own phone. */
export const DEMO_WATCH_PURPOSE = 'dpv:RequestedServiceProvision';

/** The service's stores the demo's watches use: the operator's (subscribers, consents, subscriptions) and the
 *  consumer's watches. */
export interface DemoWatchStores {
  camara: CamaraStore;
  geofencing: GeofenceStore;
  camaraWatches: WatchStore;
}

/** What the watches work with: the stores by their own names, and the settings (DemoWatchSettings). */
type DemoWatchOptions = Omit<DemoWatchSettings, 'store'> &
  Pick<DemoWatchStores, 'camara' | 'geofencing'> & { watches: WatchStore };

const createScopeOf = (kind: WatchAsk['kind']) =>
  kind === 'arrive' ? GEOFENCING_SCOPES.createEntered : GEOFENCING_SCOPES.createLeft;

/** The operator's refusal, as the watch ends (the same reasons the consumer gives for a real operator's). */
function endOf(problem: CamaraFailure['problem']): { reason: WatchEndReason; detail?: string } {
  if (problem.code === 'GEOFENCING_SUBSCRIPTIONS.INVALID_AREA') {
    return {
      reason: 'area-too-small',
      detail: JSON.stringify({ minM: GEOFENCE_RADIUS.min, maxM: GEOFENCE_RADIUS.max }),
    };
  }
  if (problem.code === 'GEOFENCING_SUBSCRIPTIONS.AREA_NOT_COVERED') return { reason: 'area-not-covered' };
  return { reason: 'operator-refused' };
}

class DemoWatches implements Watches {
  constructor(private readonly options: DemoWatchOptions) {}

  async start(subscriber: Subscriber, ask: WatchAsk) {
    const { watches, camara, now } = this.options;
    const open = (await watches.list(subscriber.userId)).filter((watch) => watch.state !== 'ended');
    if (open.length >= MAX_OPEN_WATCHES) return { ok: false as const, problem: 'too-many' as const };
    const at = now();
    const sinkToken = randomBytes(32).toString('base64url');
    const watch = newWatch(subscriber, ask, at, { state: 'subscribing', sinkHash: sinkHashOf(sinkToken) });
    await watches.add(watch);
    // The person asked with their own user key for their own phone: that is the consent (as Locate's in demo
    // mode), recorded so that the operator's engine finds it; the subscriber's withdrawal (sms-reply --no) ends it.
    const scope = createScopeOf(ask.kind);
    const consent = { msisdn: subscriber.msisdn, clientId: DEMO_WATCH_CLIENT, purpose: DEMO_WATCH_PURPOSE };
    await camara.recordConsent({ ...consent, scopes: [scope] }, at);
    await this.subscribe(watch, sinkToken, scope);
    return { ok: true as const, watch: await this.view(watch.id) };
  }

  async list(subscriber: Subscriber) {
    const { watches, now } = this.options;
    const at = now();
    const mine = (await watches.list(subscriber.userId)).filter(
      (watch) => watch.msisdn === subscriber.msisdn,
    );
    // A subscription never made (the service stopped in its middle) is not waited for.
    const stuck = mine.filter(
      (watch) =>
        watch.state !== 'ended' && watch.subscriptionId === null && (watch.busyUntil ?? Infinity) < at,
    );
    for (const watch of stuck) await watches.end(watch.id, 'operator-down', at);
    return Promise.all(mine.map((watch) => this.view(watch.id)));
  }

  async stop(subscriber: Subscriber, id: string) {
    const { watches, geofencing, now } = this.options;
    const watch = await watches.get(id);
    if (watch === undefined || watch.userId !== subscriber.userId) return undefined;
    const subscription =
      watch.subscriptionId === null ? undefined : await geofencing.find(watch.subscriptionId);
    if (watch.state !== 'ended' && subscription?.clientId === DEMO_WATCH_CLIENT) {
      // As the operator's DELETE does: the subscription ends with its subscription-ended, delivered to the sink.
      const at = now();
      const ended = endedEvent(this.options.source(), subscription, 'SUBSCRIPTION_DELETED', at);
      await geofencing.end(subscription.id, 'SUBSCRIPTION_DELETED', [ended], at);
    }
    await watches.end(watch.id, 'stopped', now());
    return this.view(watch.id);
  }

  async settled(): Promise<void> {
    // Every step is awaited in its request: nothing runs in the background.
  }

  /** The subscription made at the operator's own create (its checks: radius, coverage, quota) without HTTP. */
  private async subscribe(watch: Watch, sinkToken: string, scope: string): Promise<void> {
    const { watches, now, log } = this.options;
    const grant = {
      clientId: DEMO_WATCH_CLIENT,
      purpose: DEMO_WATCH_PURPOSE,
      scopes: new Set([scope]),
      msisdn: watch.msisdn,
    };
    const body = subscriptionRequest({ ...watch, sink: this.options.sinkUrl(), sinkToken });
    try {
      const made = await createSubscription(this.options, grant, body, () => scope);
      await watches.subscribed(watch.id, made.id, 'active', now());
    } catch (error) {
      if (!(error instanceof CamaraFailure)) throw error;
      const { reason, detail } = endOf(error.problem);
      log(`watch ${watch.id} (demo): not subscribed, ${error.problem.code}`);
      await watches.end(watch.id, reason, now(), detail);
    }
  }

  private async view(id: string) {
    const { watches } = this.options;
    const watch = await watches.get(id);
    if (watch === undefined) throw new Error(`watch ${id} vanished`);
    return watchView(watch, await watches.events(id, EVENTS_SHOWN));
  }
}

export interface DemoWatchSettings {
  store: DemoWatchStores;
  /** CloudEvents' `source`: the operator's geofencing API under the public URL. */
  source: () => string;
  /** The sink on this service (POST /api/camara/sink), as the operator's deliveries reach it. */
  sinkUrl: () => string;
  now: () => number;
  log: (line: string) => void;
}

/** The demo mode's "Watch my phone": the watches, and the store the sink reads. */
export function demoWatchSource({ store, ...rest }: DemoWatchSettings): WatchSource {
  const { camara, geofencing, camaraWatches: watches } = store;
  return { watches: new DemoWatches({ camara, geofencing, watches, ...rest }), store: watches };
}
