import { describe, expect, it } from 'vitest';
import { AREA_ENTERED, GEOFENCING_SCOPES } from '../../api/geofencing';
import { MNC12_CELL, TAMPERE_CELL } from '../admin/demo-data';
import { subscription } from './geofence-store-suite';
import type { TestEngine } from './store-engines';

const PURPOSE = 'dpv:FraudPreventionAndDetection';
const [MOVES, STAYS, GONE] = ['358401110001', '358401110002', '358401110003'];
const later = () => new Promise((done) => setTimeout(done, 5));

/** GeofenceStore.due and latestMove (what the engine reads after its first round), on one engine. */
export function geofenceDueSuite(engine: TestEngine): void {
  describe.skipIf(engine.skip)(`the geofencing store's due subscriptions on ${engine.name}`, () => {
    it('reads only those whose phone moved, that expire, or whose subscriber is gone or no longer consents', async () => {
      const store = await engine.open({ demo: true });
      const keys = [await store.registerUser('demo', MOVES), await store.registerUser('demo', STAYS)];
      for (const [i, msisdn] of [MOVES, STAYS].entries()) {
        await store.setPhoneCell(keys[i]!, TAMPERE_CELL);
        const consent = { msisdn, clientId: 'shop-app', purpose: PURPOSE };
        await store.camara.recordConsent({ ...consent, scopes: [GEOFENCING_SCOPES.createLeft] }, Date.now());
      }
      const now = Date.now() + 60_000;
      const made = {
        moves: subscription({ msisdn: MOVES }),
        stays: subscription({ msisdn: STAYS }),
        expires: subscription({ msisdn: STAYS, expiresAt: now }),
        tokenExpires: subscription({
          msisdn: STAYS,
          sinkToken: { token: 'a-sink-token', expiresAt: now + 1000 },
          sinkTokenExpiresAt: now + 1000,
        }),
        gone: subscription({ msisdn: GONE }),
        otherConsumer: subscription({ msisdn: STAYS, clientId: 'other-app' }),
        otherType: subscription({ msisdn: STAYS, type: AREA_ENTERED }),
      };
      for (const one of Object.values(made)) await store.geofencing.add(one, [], now);
      const seen = await store.geofencing.latestMove();
      expect(seen).toBeGreaterThan(0);
      await later();
      await store.setPhoneCell(keys[0]!, MNC12_CELL);
      expect(await store.geofencing.latestMove()).toBeGreaterThan(seen!);
      const due = await store.geofencing.due({ movedAfter: seen!, now, tokenBy: now + 1000 });
      const names = Object.entries(made)
        .filter(([, one]) => due.some((found) => found.id === one.id))
        .map(([name]) => name);
      expect(names.sort()).toEqual([
        'expires',
        'gone',
        'moves',
        'otherConsumer',
        'otherType',
        'tokenExpires',
      ]);
      // The demo subscriber's standing consent counts for any consumer and type.
      const demo = (await store.getUser('demo-user'))!.msisdn;
      await store.geofencing.add(
        subscription({ msisdn: demo, clientId: 'any-app', type: AREA_ENTERED }),
        [],
        now,
      );
      const again = await store.geofencing.due({ movedAfter: Date.now() + 1000, now: 0, tokenBy: 0 });
      expect(again.map((found) => found.msisdn).sort()).toEqual([STAYS, STAYS, GONE]);
    });
  });
}
