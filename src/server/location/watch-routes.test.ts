import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { DEFAULTS } from '../config';
import { newWatch, sinkHashOf } from '../camara-consumer/watches/watch-steps';
import type { Watches } from '../camara-consumer/watches/watch-engine';
import type { Watch, WatchStore } from '../store/watch-store';
import { demoStore } from '../testing/temp-stores';

/* The sink takes anonymous requests: each one costs a lookup of its bearer's hash. It passes the one guard's
   address limit first (issue 31: nothing an anonymous client sends can exhaust the service), refused in CAMARA's
   form, and the operator's real deliveries (in demo mode over loopback, counted as any address) still pass. */

const store = demoStore();
const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
const TOKEN = 'sink-bearer-of-the-test-watch-0123456789';
const SUBSCRIPTION = 'sub-1';

/** The store's watches, counting the sink's lookups. */
function counted(inner: WatchStore): { store: WatchStore; lookups: () => number } {
  let lookups = 0;
  const wrapped: WatchStore = Object.create(inner) as WatchStore;
  wrapped.bySink = (hash) => {
    lookups++;
    return inner.bySink(hash);
  };
  return { store: wrapped, lookups: () => lookups };
}

async function watchWithSink(): Promise<void> {
  const at = Date.now();
  const subscriber = { userId: 1, msisdn: '358401234567' };
  const ask = { kind: 'leave' as const, center: { lat: 61.5, lon: 23.76 }, radiusM: 5000 };
  const watch: Watch = {
    ...newWatch(subscriber, ask, at, { state: 'active', sinkHash: sinkHashOf(TOKEN) }),
    id: 'watch-of-the-sink-test',
    busyUntil: null,
    subscriptionId: SUBSCRIPTION,
  };
  await store.camaraWatches.add(watch);
}

const event = (id: string) =>
  JSON.stringify({
    id,
    source: 'https://operator.example',
    type: 'org.camaraproject.geofencing-subscriptions.v0.area-left',
    specversion: '1.0',
    time: '2026-05-04T09:01:00Z',
    data: { subscriptionId: SUBSCRIPTION, area: { areaType: 'CIRCLE' } },
  });

const unused = {} as Watches;

function app(rateLimit: { perSecond: number; burst: number }, watchStore: WatchStore) {
  return createApp({ store, rateLimit, watches: { watches: unused, store: watchStore }, staticDir: null });
}

const post = (service: ReturnType<typeof app>, address: string, bearer: string, body: string) =>
  service.request(
    '/api/camara/sink',
    {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${bearer}`,
        'Content-Type': 'application/cloudevents+json',
        'x-correlator': 'c-1',
      },
      body,
    },
    from(address),
  );

describe('the sink behind the address limit', () => {
  beforeAll(watchWithSink);

  it('refuses a burst of bogus posts from one address with 429 before their bearers are looked up', async () => {
    const lookups = counted(store.camaraWatches);
    // A slow refill, so that only the burst counts however slow the machine is: the address's burst is 5 × 2.
    const service = app({ perSecond: 0.01, burst: 2 }, lookups.store);
    const seen: number[] = [];
    let refused: Response | undefined;
    for (let i = 0; i < 15; i++) {
      const res = await post(service, '10.9.0.1', `forged-forged-forged-${i}`, event(`e${i}`));
      seen.push(res.status);
      if (res.status === 429) refused = res;
    }
    expect(seen).toEqual([...Array<number>(10).fill(401), ...Array<number>(5).fill(429)]);
    expect(lookups.lookups()).toBe(10);
    expect(refused?.headers.get('Retry-After')).toMatch(/^\d+$/);
    expect(refused?.headers.get('x-correlator')).toBe('c-1');
    expect(await refused?.json()).toMatchObject({ status: 429, code: 'TOO_MANY_REQUESTS' });
    // Another address (the operator's) still delivers.
    expect((await post(service, '10.9.0.2', TOKEN, event('good'))).status).toBe(204);
  });

  it('takes a tick’s worth of real deliveries over loopback at the default limits', async () => {
    const service = app(
      { perSecond: DEFAULTS.rateLimit, burst: 2 * DEFAULTS.rateLimit },
      store.camaraWatches,
    );
    // The operator's engine sends at most 32 events a tick (geofencing/engine.ts CLAIM_LIMIT), all at once.
    const sent = await Promise.all(
      Array.from({ length: 32 }, (_, i) => post(service, '127.0.0.1', TOKEN, event(`burst-${i}`))),
    );
    expect(sent.map((res) => res.status)).toEqual(Array<number>(32).fill(204));
  });
});
