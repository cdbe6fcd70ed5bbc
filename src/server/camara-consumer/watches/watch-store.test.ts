import { describe, expect, it } from 'vitest';
import { storeEngines } from '../../testing/store-engines';
import type { ServiceStore } from '../../store/service-store';
import type { Watch } from '../../store/watch-store';

const AT = Date.parse('2026-05-04T09:00:00Z');

async function userOf(store: ServiceStore): Promise<number> {
  await store.addDeveloper('dev');
  const user = await store.getUser(await store.registerUser('dev', '358501000002'));
  if (user === undefined) throw new Error('not registered');
  return user.id;
}

const watchOf = (userId: number, id = 'w1'): Watch => ({
  id,
  userId,
  msisdn: '358501000002',
  kind: 'leave',
  lat: 60.17,
  lon: 24.94,
  radiusM: 2000,
  state: 'consent',
  endReason: null,
  endDetail: null,
  authReqId: 'req-1',
  consentExpiresAt: AT + 120_000,
  intervalS: 5,
  nextPollAt: AT + 5000,
  busyUntil: null,
  subscriptionId: null,
  sinkHash: `hash-${id}`,
  expiresAt: AT + 86_400_000,
  createdAt: AT,
  updatedAt: AT,
});

for (const engine of storeEngines('cellpos-watches-')) {
  describe.skipIf(engine.skip)(`the watches' store (${engine.name})`, () => {
    it('gives a watch back by its id, its sink and its user; one claim of two wins', async () => {
      const store = await engine.open();
      const watches = store.camaraWatches;
      const watch = watchOf(await userOf(store));
      await watches.add(watch);
      expect(await watches.get('w1')).toEqual(watch);
      expect((await watches.bySink('hash-w1'))?.id).toBe('w1');
      expect((await watches.list(watch.userId)).map((one) => one.id)).toEqual(['w1']);
      const claims = await Promise.all([
        watches.claim('w1', AT, AT + 60_000),
        watches.claim('w1', AT, AT + 60_000),
      ]);
      expect(claims.filter(Boolean)).toHaveLength(1);
    });

    it('keeps an event once per id, ends once with the first reason, and survives a restart', async () => {
      const store = await engine.open();
      const watches = store.camaraWatches;
      const watch = watchOf(await userOf(store));
      await watches.add(watch);
      await watches.arm('w1', 'hash-armed', AT, AT + 60_000);
      await watches.subscribed('w1', 'sub-1', 'active', AT);
      const event = {
        watchId: 'w1',
        eventId: 'e1',
        kind: 'left' as const,
        time: AT + 1000,
        receivedAt: AT,
        reason: null,
      };
      expect(await Promise.all([watches.addEvent(event), watches.addEvent(event)])).toEqual(
        expect.arrayContaining([true, false]),
      );
      await watches.addEvent({ ...event, eventId: 'e0', time: AT + 500, receivedAt: AT + 2000 });
      expect(await watches.end('w1', 'SUBSCRIPTION_EXPIRED', AT + 3000)).toBe(true);
      expect(await watches.end('w1', 'stopped', AT + 4000)).toBe(false);
      const again = (await engine.reopen(store)).camaraWatches;
      expect(await again.get('w1')).toMatchObject({
        state: 'ended',
        endReason: 'SUBSCRIPTION_EXPIRED',
        subscriptionId: 'sub-1',
        sinkHash: 'hash-armed',
      });
      expect((await again.events('w1', 10)).map((one) => one.eventId)).toEqual(['e1', 'e0']);
    });
  });
}
