import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CAMARA_NUMBERS } from '../../../../scripts/stand-ins/camara';
import { startHarness, type Harness } from '../../testing/camara-consumer';
import { createWatches, type Watches } from './watch-engine';
import { receiveEvent } from './watch-sink';

let harness: Harness;
let sink: Server;
let sinkUrl: string;
let watches: Watches;
const kept: Array<{ status: number; code?: string }> = [];

beforeEach(async () => {
  harness = await startHarness();
  kept.length = 0;
  sink = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      void receiveEvent(harness.store.camaraWatches, req.headers.authorization, text, harness.clock.now).then(
        (answer) => {
          kept.push({ status: answer.status, ...(answer.code !== undefined && { code: answer.code }) });
          res.writeHead(answer.status).end();
        },
      );
    });
  });
  await new Promise<void>((done) => sink.listen(0, '127.0.0.1', done));
  sinkUrl = `http://127.0.0.1:${(sink.address() as AddressInfo).port}/api/camara/sink`;
  watches = createWatches({
    consumer: harness.context,
    watches: harness.store.camaraWatches,
    sinkUrl: () => sinkUrl,
  });
});

afterEach(async () => {
  await watches.settled();
  await new Promise<void>((done) => sink.close(() => done()));
  await harness.close();
});

const CENTRE = { lat: 60.17, lon: 24.94 };

/** A watch started, consented on the phone and subscribed. */
async function activeWatch(kind: 'arrive' | 'leave' = 'leave', number = CAMARA_NUMBERS.approves) {
  const subscriber = harness.subscriber(number);
  const started = await watches.start(subscriber, { kind, center: CENTRE, radiusM: 2000 });
  if (!started.ok) throw new Error('not started');
  expect(started.watch.state).toBe('consent');
  harness.standIn.answer(number, true);
  harness.advance(6);
  const [watch] = await watches.list(subscriber);
  return { subscriber, watch: watch! };
}

const fire = async (query: string) => {
  const answer = await fetch(`${harness.standIn.url}/control/geofence?${query}`, { method: 'POST' });
  return ((await answer.json()) as { statuses: number[] }).statuses;
};

describe('watches at the operator', () => {
  it('asks consent for the geofencing scopes, then subscribes with its sink and a bearer of its own', async () => {
    const { watch } = await activeWatch();
    expect(watch.state).toBe('active');
    const [sub] = harness.standIn.geofencing.subscriptions();
    expect(sub?.sink).toBe(sinkUrl);
    expect(sub?.type).toBe('org.camaraproject.geofencing-subscriptions.v0.area-left');
    expect(sub?.area).toEqual({
      areaType: 'CIRCLE',
      center: { latitude: 60.17, longitude: 24.94 },
      radius: 2000,
    });
    // The stand-in's started event came before its 201: the sink took it by the bearer alone.
    expect(kept[0]).toEqual({ status: 204 });
    expect(watch.events.map((event) => event.kind)).toEqual(['started']);
  });

  it('keeps an event delivered twice once, and shows events by their own time', async () => {
    const { subscriber } = await activeWatch();
    expect(await fire(`number=${encodeURIComponent(CAMARA_NUMBERS.approves)}&event=left&twice=true`)).toEqual(
      [204, 204],
    );
    harness.advance(60);
    await fire(`number=${encodeURIComponent(CAMARA_NUMBERS.approves)}&event=left&outOfOrder=true`);
    const [watch] = await watches.list(subscriber);
    const lefts = watch!.events.filter((event) => event.kind === 'left');
    expect(lefts).toHaveLength(3);
    const times = lefts.map((event) => Date.parse(event.time));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('ends with the operator’s reason, then answers 410 to a new event', async () => {
    const { subscriber } = await activeWatch();
    await fire(`number=${encodeURIComponent(CAMARA_NUMBERS.approves)}&event=ended&reason=MAX_EVENTS_REACHED`);
    const [watch] = await watches.list(subscriber);
    expect(watch).toMatchObject({ state: 'ended', endReason: 'MAX_EVENTS_REACHED' });
    const [sub] = harness.standIn.geofencing.subscriptions();
    sub!.ended = false;
    expect(await fire(`number=${encodeURIComponent(CAMARA_NUMBERS.approves)}&event=left`)).toEqual([410]);
  });

  it('stops a watch: the subscription is deleted at the operator', async () => {
    const { subscriber, watch } = await activeWatch('arrive');
    const stopped = await watches.stop(subscriber, watch.id);
    expect(stopped).toMatchObject({ state: 'ended', endReason: 'stopped' });
    expect(harness.standIn.geofencing.subscriptions()[0]?.ended).toBe(true);
    expect(await watches.stop(harness.subscriber(CAMARA_NUMBERS.atOnce), watch.id)).toBeUndefined();
  });

  it('ends with the limits the operator named when the circle is too small', async () => {
    const subscriber = harness.subscriber(CAMARA_NUMBERS.atOnce);
    await watches.start(subscriber, { kind: 'arrive', center: CENTRE, radiusM: 500 });
    harness.advance(6);
    const [watch] = await watches.list(subscriber);
    expect(watch).toMatchObject({ state: 'ended', endReason: 'area-too-small', limits: { minM: 1000 } });
  });

  it('ends as refused when the owner declines', async () => {
    const subscriber = harness.subscriber(CAMARA_NUMBERS.refuses);
    await watches.start(subscriber, { kind: 'arrive', center: CENTRE, radiusM: 2000 });
    harness.advance(6);
    const [watch] = await watches.list(subscriber);
    expect(watch).toMatchObject({ state: 'ended', endReason: 'refused' });
  });

  it('survives a restart: another engine on the same store lists the watch and its sink still takes events', async () => {
    const { subscriber, watch } = await activeWatch();
    await watches.settled();
    watches = createWatches({
      consumer: harness.context,
      watches: harness.store.camaraWatches,
      sinkUrl: () => sinkUrl,
    });
    expect((await watches.list(subscriber)).map((one) => one.id)).toEqual([watch.id]);
    expect(await fire(`number=${encodeURIComponent(CAMARA_NUMBERS.approves)}&event=left`)).toEqual([204]);
  });
});

describe('the sink', () => {
  const event = (subscriptionId: string) =>
    JSON.stringify({
      id: 'e1',
      source: 'https://operator.example',
      type: 'org.camaraproject.geofencing-subscriptions.v0.area-left',
      specversion: '1.0',
      time: '2026-05-04T09:01:00Z',
      data: { subscriptionId, area: { areaType: 'CIRCLE' } },
    });

  it('refuses a missing or wrong bearer (401), a malformed event (400), another subscription (404)', async () => {
    await activeWatch();
    const sub = harness.standIn.geofencing.subscriptions()[0]!;
    const store = harness.store.camaraWatches;
    const now = harness.clock.now;
    expect((await receiveEvent(store, undefined, event(sub.id), now)).status).toBe(401);
    expect((await receiveEvent(store, 'Bearer forged-forged-forged-forged', event(sub.id), now)).status).toBe(
      401,
    );
    const bearer = `Bearer ${sub.sinkToken}`;
    expect((await receiveEvent(store, bearer, '{"specversion":"0.3"}', now)).status).toBe(400);
    expect((await receiveEvent(store, bearer, 'not json', now)).status).toBe(400);
    expect((await receiveEvent(store, bearer, event('someone-else'), now)).status).toBe(404);
    expect((await receiveEvent(store, bearer, event(sub.id), now)).status).toBe(204);
  });
});
