import { describe, expect, it } from 'vitest';
import { geofenceDueSuite } from '../../testing/geofence-due-suite';
import { geofenceStoreSuite, subscription, event } from '../../testing/geofence-store-suite';
import { startSink } from '../../testing/geofence-sink';
import { storeEngines } from '../../testing/store-engines';
import { deliver } from './deliver';
import { geofencingTick } from './engine';
import { AREA_LEFT } from '../../store/geofence-store';

const engines = storeEngines('cellpos-geofence-');
for (const engine of engines) geofenceStoreSuite(engine);
for (const engine of engines) geofenceDueSuite(engine);

const postgres = engines.find((engine) => engine.name === 'PostgreSQL');

describe.skipIf(postgres?.skip ?? true)('geofencing delivery with two replicas on PostgreSQL', () => {
  it('delivers each event once: the replicas claim with FOR UPDATE SKIP LOCKED, never the same', async () => {
    if (postgres === undefined) return;
    const one = await postgres.open();
    const two = await postgres.reopen(one);
    const sink = await startSink();
    const now = Date.now();
    for (let i = 0; i < 12; i++) {
      const events = [event(`${i}-a`), event(`${i}-b`), event(`${i}-c`)];
      await one.geofencing.add(subscription({ sink: sink.url, sinkToken: undefined }), events, now);
    }
    const replica = async (store: typeof one) => {
      for (let round = 0; round < 20; round++) {
        const claimed = await store.geofencing.claimEvents(Date.now(), 30_000, 4);
        await Promise.all(
          claimed.map((claim) =>
            deliver(claim, {
              geofencing: store.geofencing,
              timeoutMs: 2000,
              retryForMs: 60_000,
              log: () => undefined,
              now: Date.now,
            }),
          ),
        );
      }
    };
    await Promise.all([replica(one), replica(two)]);
    const ids = sink.deliveries.map((delivery) => delivery.body.label);
    expect(ids).toHaveLength(36);
    expect(new Set(ids).size).toBe(36);
  });
  it('makes one event of a crossing and sends it once, with both replicas’ engines running', async () => {
    if (postgres === undefined) return;
    const one = await postgres.open({ demo: true });
    const two = await postgres.reopen(one);
    const sink = await startSink();
    const now = Date.now();
    const watched = subscription({ sink: sink.url, sinkToken: undefined, type: AREA_LEFT, startsAt: now });
    await one.geofencing.add(watched, [], now);
    await one.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid: 400101 });
    const engine = (store: typeof one) => ({
      camara: store.camara,
      geofencing: store.geofencing,
      source: () => 'https://operator.example/camara/geofencing-subscriptions/v0.5',
      settings: { tickMs: 100, retryForMs: 60_000, timeoutMs: 2000 },
      log: () => undefined,
      now: Date.now,
    });
    for (let round = 0; round < 4; round++) {
      await Promise.all([geofencingTick(engine(one)), geofencingTick(engine(two))]);
    }
    expect(sink.deliveries.map((delivery) => delivery.body.type)).toEqual([AREA_LEFT]);
  });
});
