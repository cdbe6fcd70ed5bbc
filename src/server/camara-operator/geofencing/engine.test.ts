import { describe, expect, it } from 'vitest';
import { startOperator, threeLeggedToken, type RunningOperator } from '../../testing/camara-operator';
import { startSink, type TestSink } from '../../testing/geofence-sink';
import { GEOFENCING_SCOPES } from '../oidc/scopes';
import { geofencingTick, type EngineOptions, type TickState } from './engine';
import {
  AREA_ENTERED,
  AREA_LEFT,
  SUBSCRIPTION_ENDED,
  SUBSCRIPTION_STARTED,
} from '../../store/geofence-store';

/*
 * The events' scenarios of geofencing-subscriptions.feature (r3.2): _03 (subscription-started), _08 (expiry), _09
 * (max events), _10 (deletion), _11 (area-entered), _12 (area-left), _13 (initial event); and at-least-once delivery:
 * the same event (same id) again after a failure, with backoff, until the bound, then the subscription ends.
 */

const PATH = '/geofencing-subscriptions/v0.5/subscriptions';
const ALL = `dpv:FraudPreventionAndDetection ${Object.values(GEOFENCING_SCOPES).join(' ')}`;
const KAMPPI = { latitude: 60.1689, longitude: 24.9317 };
const TAMPERE = { latitude: 61.5, longitude: 23.77 };
const SINK_TOKEN = 'sink-token-1';

interface Setup {
  op: RunningOperator;
  sink: TestSink;
  token: string;
  clock: { offset: number };
  tick(times?: number): Promise<void>;
  subscribe(type: string, config?: Record<string, unknown>, credential?: object): Promise<string>;
  moveTo(place: { latitude: number; longitude: number }): void;
}

let cells = 990_100;

async function setup(settings: Partial<EngineOptions['settings']> = {}): Promise<Setup> {
  const op = await startOperator();
  const sink = await startSink();
  const token = await threeLeggedToken(op, { scope: ALL });
  const clock = { offset: 0 };
  const lines: string[] = [];
  // As startGeofencing runs it: after the first round, only the subscriptions that may change are read.
  const state: TickState = {};
  const options: EngineOptions = {
    camara: op.store.camara,
    geofencing: op.store.geofencing,
    source: () => `${op.apiRoot}/geofencing-subscriptions/v0.5`,
    settings: { tickMs: 100, retryForMs: 60_000, timeoutMs: 2000, ...settings },
    log: (line) => void lines.push(line),
    now: () => Date.now() + clock.offset,
  };
  return {
    op,
    sink,
    token,
    clock,
    async tick(times = 1) {
      for (let i = 0; i < times; i++) await geofencingTick(options, state);
    },
    async subscribe(type, config = {}, credential = {}) {
      const response = await fetch(`${op.address}/camara${PATH}`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          protocol: 'HTTP',
          sink: sink.url,
          sinkCredential: {
            credentialType: 'ACCESSTOKEN',
            accessToken: SINK_TOKEN,
            accessTokenExpiresUtc: new Date(Date.now() + 86_400_000).toISOString(),
            accessTokenType: 'bearer',
            ...credential,
          },
          types: [type],
          config: {
            subscriptionDetail: { area: { areaType: 'CIRCLE', center: KAMPPI, radius: 2000 } },
            ...config,
          },
        }),
      });
      const body = (await response.json()) as { id: string };
      expect(response.status, JSON.stringify(body)).toBe(201);
      return body.id;
    },
    moveTo(place) {
      const cellid = ++cells;
      op.store.addCell({
        mcc: 244,
        mnc: 91,
        cellid,
        lac: 1,
        lat: place.latitude,
        lon: place.longitude,
        name: 'Test',
      });
      op.store.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid });
    },
  };
}

const types = (sink: TestSink) => sink.deliveries.map((delivery) => delivery.body.type);
const data = (sink: TestSink, index: number) => sink.deliveries[index]?.body.data as Record<string, unknown>;

describe('geofencing events', () => {
  it('@geofencing_subscriptions_03 and _12: subscription-started, then area-left when the phone leaves, as CloudEvents 1.0', async () => {
    const s = await setup();
    const id = await s.subscribe(AREA_LEFT);
    await s.tick();
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED]);
    expect(data(s.sink, 0)).toMatchObject({ initiationReason: 'SUBSCRIPTION_CREATED', subscriptionId: id });
    s.moveTo(TAMPERE);
    await s.tick(2);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, AREA_LEFT]);
    const [, left] = s.sink.deliveries;
    expect(left?.headers['content-type']).toBe('application/cloudevents+json');
    expect(left?.headers.authorization).toBe(`Bearer ${SINK_TOKEN}`);
    expect(left?.body).toEqual({
      id: expect.any(String),
      source: `${s.op.apiRoot}/geofencing-subscriptions/v0.5`,
      type: AREA_LEFT,
      specversion: '1.0',
      datacontenttype: 'application/json',
      time: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
      data: { subscriptionId: id, area: { areaType: 'CIRCLE', center: KAMPPI, radius: 2000 } },
    });
    expect(left?.body.id).not.toBe(s.sink.deliveries[0]?.body.id);
  });

  it('@geofencing_subscriptions_11: area-entered when the phone comes in, nothing when it leaves', async () => {
    const s = await setup();
    s.moveTo(TAMPERE);
    await s.subscribe(AREA_ENTERED);
    s.moveTo(KAMPPI);
    await s.tick(3);
    s.moveTo(TAMPERE);
    await s.tick(3);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, AREA_ENTERED]);
  });

  it('@geofencing_subscriptions_13: initialEvent sends the subscribed event at once when the phone is already there', async () => {
    const s = await setup();
    await s.subscribe(AREA_ENTERED, { initialEvent: true });
    await s.subscribe(AREA_LEFT, { initialEvent: true });
    await s.tick(3);
    expect(types(s.sink).sort()).toEqual([AREA_ENTERED, SUBSCRIPTION_STARTED, SUBSCRIPTION_STARTED].sort());
  });

  it('@geofencing_subscriptions_09: subscriptionMaxEvents 1 ends it with MAX_EVENTS_REACHED after its event', async () => {
    const s = await setup();
    await s.subscribe(AREA_LEFT, { subscriptionMaxEvents: 1 });
    s.moveTo(TAMPERE);
    await s.tick(4);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, AREA_LEFT, SUBSCRIPTION_ENDED]);
    expect(data(s.sink, 2)).toMatchObject({ terminationReason: 'MAX_EVENTS_REACHED' });
    expect(await s.op.store.geofencing.list(s.op.client.id)).toEqual([]);
  });

  it('@geofencing_subscriptions_08: ends with SUBSCRIPTION_EXPIRED at its expire time', async () => {
    const s = await setup();
    await s.subscribe(AREA_LEFT, { subscriptionExpireTime: new Date(Date.now() + 5000).toISOString() });
    await s.tick();
    s.clock.offset += 6000;
    await s.tick(2);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, SUBSCRIPTION_ENDED]);
    expect(data(s.sink, 1)).toMatchObject({ terminationReason: 'SUBSCRIPTION_EXPIRED' });
  });

  it('@geofencing_subscriptions_10: ends with SUBSCRIPTION_DELETED when deleted', async () => {
    const s = await setup();
    const id = await s.subscribe(AREA_LEFT);
    const deleted = await fetch(`${s.op.address}/camara${PATH}/${id}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${s.token}` },
    });
    expect(deleted.status).toBe(204);
    await s.tick(3);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, SUBSCRIPTION_ENDED]);
    expect(data(s.sink, 1)).toMatchObject({ terminationReason: 'SUBSCRIPTION_DELETED', subscriptionId: id });
  });

  it('ends with ACCESS_TOKEN_EXPIRED a minute before the sink token expires, still sent with it', async () => {
    const s = await setup();
    await s.subscribe(AREA_LEFT, {}, { accessTokenExpiresUtc: new Date(Date.now() + 90_000).toISOString() });
    await s.tick();
    s.clock.offset += 31_000;
    await s.tick(2);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, SUBSCRIPTION_ENDED]);
    expect(data(s.sink, 1)).toMatchObject({ terminationReason: 'ACCESS_TOKEN_EXPIRED' });
    expect(s.sink.deliveries[1]?.headers.authorization).toBe(`Bearer ${SINK_TOKEN}`);
  });

  it('ends with NETWORK_TERMINATED when the subscriber withdraws consent', async () => {
    const s = await setup();
    await s.subscribe(AREA_LEFT);
    await s.op.store.camara.withdrawConsent('358401234567');
    await s.tick(3);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, SUBSCRIPTION_ENDED]);
    expect(data(s.sink, 1)).toMatchObject({ terminationReason: 'NETWORK_TERMINATED' });
  });
});

describe('geofencing delivery, at least once', () => {
  it('sends the same event (same id) again after 5xx, with backoff, and keeps the order', async () => {
    const s = await setup();
    s.sink.fail(2, 503);
    await s.subscribe(AREA_LEFT);
    s.moveTo(TAMPERE);
    await s.tick();
    await s.tick();
    expect(s.sink.deliveries).toHaveLength(1);
    s.clock.offset += 1000;
    await s.tick();
    s.clock.offset += 2000;
    await s.tick();
    await s.tick();
    const ids = s.sink.deliveries.map((delivery) => delivery.body.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids.slice(0, 3)).size).toBe(1);
    expect(types(s.sink)).toEqual([
      SUBSCRIPTION_STARTED,
      SUBSCRIPTION_STARTED,
      SUBSCRIPTION_STARTED,
      AREA_LEFT,
    ]);
  });

  it('ends the subscription when its sink fails for longer than the bound, and drops what waited', async () => {
    const s = await setup({ retryForMs: 5000 });
    s.sink.fail(1000, 500);
    await s.subscribe(AREA_LEFT);
    for (let i = 0; i < 10; i++) {
      await s.tick();
      s.clock.offset += 2000;
    }
    expect(await s.op.store.geofencing.list(s.op.client.id)).toEqual([]);
    const before = s.sink.deliveries.length;
    s.clock.offset += 60_000;
    await s.tick(2);
    expect(s.sink.deliveries).toHaveLength(before);
  });

  it('drops an event the sink refuses for good (4xx), and ends the subscription on 410 Gone', async () => {
    const s = await setup();
    s.sink.fail(1, 400);
    await s.subscribe(AREA_LEFT);
    await s.tick();
    s.sink.fail(1, 410);
    s.moveTo(TAMPERE);
    await s.tick(2);
    expect(types(s.sink)).toEqual([SUBSCRIPTION_STARTED, AREA_LEFT]);
    expect(await s.op.store.geofencing.list(s.op.client.id)).toEqual([]);
  });
});
