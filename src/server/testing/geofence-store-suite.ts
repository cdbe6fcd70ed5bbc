import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { GeofenceSubscription, OutgoingEvent } from '../store/geofence-store';
import { AREA_LEFT } from '../store/geofence-store';
import type { TestEngine } from './store-engines';

const NOW = 1_800_000_000_000;

export function subscription(extra: Partial<GeofenceSubscription> = {}): GeofenceSubscription {
  return {
    id: randomUUID(),
    clientId: 'shop-app',
    purpose: 'dpv:FraudPreventionAndDetection',
    msisdn: '358401234567',
    type: AREA_LEFT,
    sink: 'https://consumer.example/sink',
    sinkToken: { token: 'the-sink-token-in-clear', expiresAt: NOW + 86_400_000 },
    sinkTokenExpiresAt: NOW + 86_400_000,
    area: { latitude: 60.1689, longitude: 24.9317, radius: 2000 },
    startsAt: NOW,
    eventsSent: 0,
    inside: true,
    ...extra,
  };
}

export const event = (label: string): OutgoingEvent => ({
  id: randomUUID(),
  body: JSON.stringify({ label }),
});
const label = (body: string): unknown => (JSON.parse(body) as { label: unknown }).label;

/** The geofencing store's contract (store/geofence-store.ts), on one engine. */
export function geofenceStoreSuite(engine: TestEngine): void {
  describe.skipIf(engine.skip)(`the geofencing store on ${engine.name}`, () => {
    it('keeps subscriptions, lists a consumer’s (of one subscriber), and never a sink token in the clear', async () => {
      const store = await engine.open();
      const a = subscription({ device: { phoneNumber: '+358401234567' }, maxEvents: 3, initialEvent: true });
      const b = subscription({ msisdn: '358409999999', startsAt: NOW + 1, inside: undefined });
      await store.geofencing.add(a, [event('started')], NOW);
      await store.geofencing.add(b, [], NOW);
      await store.geofencing.add(subscription({ clientId: 'other' }), [], NOW);
      const { sinkToken: _kept, ...shown } = a;
      expect(await store.geofencing.find(a.id)).toEqual(shown);
      expect((await store.geofencing.list('shop-app')).map((found) => found.id)).toEqual([a.id, b.id]);
      expect((await store.geofencing.list('shop-app', '358409999999')).map((found) => found.id)).toEqual([
        b.id,
      ]);
      expect(await store.geofencing.active()).toHaveLength(3);
      const rows = await engine.rows(store, 'SELECT sink_token FROM geofence_subscriptions');
      expect(JSON.stringify(rows)).not.toContain('the-sink-token-in-clear');
      const [claimed] = await store.geofencing.claimEvents(NOW, 10_000, 10);
      expect(claimed).toMatchObject({
        subscriptionId: a.id,
        attempts: 0,
        sink: a.sink,
        sinkToken: a.sinkToken,
      });
    });

    it('advances only from the state read (compare and set), and ends once', async () => {
      const store = await engine.open();
      const a = subscription();
      await store.geofencing.add(a, [], NOW);
      const left = { from: true, to: false, events: [event('left')], counted: 1 };
      expect(await store.geofencing.advance(a.id, left, NOW)).toBe(true);
      expect(await store.geofencing.advance(a.id, left, NOW)).toBe(false);
      expect(await store.geofencing.find(a.id)).toMatchObject({ inside: false, eventsSent: 1 });
      const last = { from: false, to: true, events: [event('entered'), event('ended')], counted: 1 };
      expect(await store.geofencing.advance(a.id, { ...last, end: 'MAX_EVENTS_REACHED' }, NOW)).toBe(true);
      expect(await store.geofencing.find(a.id)).toBeUndefined();
      expect(await store.geofencing.end(a.id, 'SUBSCRIPTION_DELETED', [event('again')], NOW)).toBe(false);
      const labels: unknown[] = [];
      for (let i = 0; i < 4; i++) {
        const claimed = await store.geofencing.claimEvents(NOW, 10_000, 10);
        for (const one of claimed) {
          labels.push(label(one.body));
          await store.geofencing.delivered(one.id);
        }
      }
      expect(labels).toEqual(['left', 'entered', 'ended']);
    });

    it('claims the oldest event of each subscription, leases it, and retries it later with the same id', async () => {
      const store = await engine.open();
      const [a, b] = [subscription(), subscription()];
      await store.geofencing.add(a, [event('a1'), event('a2')], NOW);
      await store.geofencing.add(b, [event('b1')], NOW);
      const first = await store.geofencing.claimEvents(NOW, 30_000, 10);
      expect(first.map((one) => label(one.body))).toEqual(['a1', 'b1']);
      expect(await store.geofencing.claimEvents(NOW + 5000, 30_000, 10)).toEqual([]);
      const [a1, b1] = first;
      await store.geofencing.retryLater(a1?.id ?? '', 1, NOW + 20_000);
      expect(await store.geofencing.claimEvents(NOW + 15_000, 30_000, 10)).toEqual([]);
      const again = await store.geofencing.claimEvents(NOW + 20_000, 30_000, 10);
      expect(again.map((one) => [one.id, one.attempts])).toEqual([[a1?.id, 1]]);
      const lapsed = await store.geofencing.claimEvents(NOW + 30_000, 30_000, 10);
      expect(lapsed.map((one) => one.id)).toEqual([b1?.id]);
    });

    it('abandons a sink: the subscription ends, its waiting events go; ended ones are pruned', async () => {
      const store = await engine.open();
      const a = subscription();
      await store.geofencing.add(a, [event('a1'), event('a2')], NOW);
      await store.geofencing.abandon(a.id, 'NETWORK_TERMINATED', NOW);
      expect(await store.geofencing.find(a.id)).toBeUndefined();
      expect(await store.geofencing.claimEvents(NOW, 1000, 10)).toEqual([]);
      expect(await store.geofencing.prune(NOW + 1)).toBe(1);
      expect(await engine.rows(store, 'SELECT id FROM geofence_subscriptions')).toEqual([]);
    });

    it('keeps subscriptions and undelivered events across a restart, the sink token still opening', async () => {
      const store = await engine.open();
      const a = subscription();
      await store.geofencing.add(a, [event('a1')], NOW);
      const again = await engine.reopen(store);
      expect((await again.geofencing.find(a.id))?.id).toBe(a.id);
      const [claimed] = await again.geofencing.claimEvents(NOW, 1000, 10);
      expect(claimed?.sinkToken?.token).toBe('the-sink-token-in-clear');
    });
  });
}
