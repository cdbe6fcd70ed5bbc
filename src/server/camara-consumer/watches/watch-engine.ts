import { randomBytes } from 'node:crypto';
import { MAX_OPEN_WATCHES, type WatchView } from '../../../api/watches';
import type { Subscriber } from '../context';
import { deleteSubscription } from './subscriptions-api';
import type { Watch } from '../../store/watch-store';
import {
  askWatchConsent,
  heldWatchToken,
  newWatch,
  pollWatchConsent,
  sinkHashOf,
  STEP_MS,
  subscribe,
  type WatchAsk,
  type WatchContext,
} from './watch-steps';
import { EVENTS_SHOWN, watchView } from './watch-view';

export type Started = { ok: true; watch: WatchView } | { ok: false; problem: 'too-many' };

/** "Watch my phone" as the service's routes use it. */
export interface Watches {
  start(subscriber: Subscriber, ask: WatchAsk): Promise<Started>;
  /** The user's watches, each consent whose poll is due polled first (for at most a moment). */
  list(subscriber: Subscriber): Promise<WatchView[]>;
  /** Stops a watch (deleted at the operator when a token allows); undefined when the user has no such watch. */
  stop(subscriber: Subscriber, id: string): Promise<WatchView | undefined>;
  /** Resolves once the steps started in the background have finished (tests, shutdown). */
  settled(): Promise<void>;
}

/** How long a list waits for the polls it started before it answers with the state before them. */
const PATIENCE_MS = 1500;

async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((done) => (timer = setTimeout(done, ms)));
  await Promise.race([work, late]).finally(() => clearTimeout(timer));
}

class WatchEngine implements Watches {
  private readonly running = new Set<Promise<unknown>>();

  constructor(private readonly context: WatchContext) {}

  async start(subscriber: Subscriber, ask: WatchAsk): Promise<Started> {
    const { consumer, watches } = this.context;
    const open = (await watches.list(subscriber.userId)).filter((watch) => watch.state !== 'ended');
    if (open.length >= MAX_OPEN_WATCHES) return { ok: false, problem: 'too-many' };
    // A bearer nobody is given, until the subscription is made with one of its own.
    const sinkHash = sinkHashOf(randomBytes(32).toString('base64url'));
    const watch = newWatch(subscriber, ask, consumer.now(), { state: 'consent', sinkHash });
    await watches.add(watch);
    await within(this.track(this.begin(watch)), PATIENCE_MS);
    return { ok: true, watch: await this.view(watch.id) };
  }

  async list(subscriber: Subscriber): Promise<WatchView[]> {
    const { consumer, watches } = this.context;
    const at = consumer.now();
    const mine = (await watches.list(subscriber.userId)).filter(
      (watch) => watch.msisdn === subscriber.msisdn,
    );
    const due = mine.filter((watch) => watch.state === 'consent' && (watch.nextPollAt ?? Infinity) <= at);
    const stuck = mine.filter((watch) => watch.state !== 'ended' && (watch.busyUntil ?? Infinity) < at);
    const steps = due.map(async (watch) => {
      if (await watches.claim(watch.id, at, at + STEP_MS)) await pollWatchConsent(this.context, watch);
    });
    // A step that never finished (the service stopped in its middle): the watch cannot be told apart from lost.
    for (const watch of stuck.filter((one) => one.subscriptionId === null && one.authReqId === null)) {
      steps.push(watches.end(watch.id, 'operator-down', at).then(() => undefined));
    }
    if (steps.length > 0) await within(this.track(Promise.allSettled(steps)), PATIENCE_MS);
    return Promise.all(mine.map((watch) => this.view(watch.id)));
  }

  async stop(subscriber: Subscriber, id: string): Promise<WatchView | undefined> {
    const { consumer, watches } = this.context;
    const watch = await watches.get(id);
    if (watch === undefined || watch.userId !== subscriber.userId) return undefined;
    if (watch.state !== 'ended' && watch.subscriptionId !== null) {
      const token = await heldWatchToken(this.context, watch);
      // Without a token the sink answers the operator's next event 410 Gone: the YAML's way to end it from here.
      if (token !== undefined) {
        const gone = await deleteSubscription(consumer.api, token, watch.subscriptionId);
        if (!gone.ok) consumer.log(`camara: watch ${watch.id}: ${gone.detail}; its sink now answers 410`);
      }
    }
    await watches.end(watch.id, 'stopped', consumer.now());
    return this.view(watch.id);
  }

  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  /** With a token held the subscription at once, else the owner's consent. */
  private async begin(watch: Watch): Promise<void> {
    const token = await heldWatchToken(this.context, watch);
    if (token !== undefined) return subscribe(this.context, watch, token);
    await askWatchConsent(this.context, watch);
  }

  private async view(id: string): Promise<WatchView> {
    const { watches } = this.context;
    const watch = await watches.get(id);
    if (watch === undefined) throw new Error(`watch ${id} vanished`);
    return watchView(watch, await watches.events(id, EVENTS_SHOWN));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    const tracked = work
      .catch((error: unknown) => {
        this.context.consumer.log(`camara: a watch's step failed: ${(error as Error).message}`);
        return undefined as T;
      })
      .finally(() => this.running.delete(tracked));
    this.running.add(tracked);
    return tracked;
  }
}

export function createWatches(context: WatchContext): Watches {
  return new WatchEngine(context);
}
