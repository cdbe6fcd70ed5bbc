import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { WatchView } from '../../../api/watches';
import { createApp } from '../../app';
import { DEMO_KEYS, MNC12_CELL, TAMPERE_CELL } from '../../admin/demo-data';
import { GEOFENCING_DEFAULTS, geofencingTick } from '../../camara-operator/geofencing/engine';
import { SINK_PATH } from '../../camara-consumer/watches/watch-source';
import { createListener } from '../../platform/http/listener';
import type { ServiceStore } from '../../store/service-store';
import { storeEngines } from '../../testing/store-engines';
import { DEMO_WATCH_CLIENT, demoWatchSource } from './watches';

/* Watch my phone in demo mode: the service subscribes at its own operator, whose engine sees the phone's cell move
   (set-cell, the simulator: both setPhoneCell) and delivers the crossing to the service's own sink. */

const ROOT = '/camara/geofencing-subscriptions/v0.5';
const servers: Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done));
});

interface Replica {
  url: string;
  tick(): Promise<void>;
  call(method: string, path: string): Promise<{ status: number; body: Record<string, unknown> }>;
}

/** One replica: the app on a port of its own, its watches delivered to its own sink; its engine ticks on demand. */
async function replica(store: ServiceStore): Promise<Replica> {
  let url = '';
  const log = () => undefined;
  const source = () => `${url}${ROOT}`;
  const watches = demoWatchSource({
    store,
    source,
    sinkUrl: () => `${url}${SINK_PATH}`,
    now: Date.now,
    log,
  });
  const app = createApp({
    store,
    camaraOperator: { store: store.camara, geofencing: store.geofencing, publicUrl: () => url },
    watches,
    staticDir: null,
  });
  const server = createServer(createListener(app, { hostname: '127.0.0.1', log }));
  servers.push(server);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const keys = `serviceKey=${DEMO_KEYS.serviceKey}&userKey=${DEMO_KEYS.userKey}`;
  const settings = { ...GEOFENCING_DEFAULTS, tickMs: 100 };
  const engine = { camara: store.camara, geofencing: store.geofencing, source, settings, log, now: Date.now };
  return {
    url,
    tick: () => geofencingTick(engine),
    async call(method, path) {
      const answer = await fetch(`${url}/api${path}${path.includes('?') ? '&' : '?'}${keys}`, { method });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    },
  };
}

const AROUND_TAMPERE = `lat=${TAMPERE_CELL.lat}&lon=${TAMPERE_CELL.lon}&radius=5000`;
const kinds = (watch: WatchView) => watch.events.map((event) => event.kind);
async function listed(one: Replica): Promise<WatchView[]> {
  return (await one.call('GET', '/camara/watches')).body.watches as WatchView[];
}

describe.each(storeEngines('cellpos-demo-watch-'))('Watch my phone in demo mode ($name)', (engine) => {
  it.skipIf(engine.skip)(
    'a leave and an arrive watch: started, the phone moved out and back (set-cell), stopped',
    async () => {
      const store = await engine.open({ demo: true });
      await store.setPhoneCell(DEMO_KEYS.userKey, TAMPERE_CELL);
      const one = await replica(store);
      expect((await one.call('GET', '/settings')).body.watches).toBe(true);
      const leave = await one.call('POST', `/camara/watches?${AROUND_TAMPERE}&when=leave`);
      const arrive = await one.call('POST', `/camara/watches?${AROUND_TAMPERE}&when=arrive`);
      expect([leave.status, leave.body.state, arrive.body.state]).toEqual([201, 'active', 'active']);
      await one.tick();
      // Inside from the start: no event but each subscription's subscription-started.
      expect((await listed(one)).map(kinds)).toEqual([['started'], ['started']]);

      await store.setPhoneCell(DEMO_KEYS.userKey, MNC12_CELL);
      await one.tick();
      await store.setPhoneCell(DEMO_KEYS.userKey, TAMPERE_CELL);
      await one.tick();
      const [arriving, leaving] = await listed(one);
      expect(leaving?.id).toBe(leave.body.id);
      expect(kinds(leaving!)).toEqual(['left', 'started']);
      expect(kinds(arriving!)).toEqual(['entered', 'started']);

      const stopped = await one.call('DELETE', `/camara/watches/${String(leave.body.id)}`);
      expect([stopped.body.state, stopped.body.endReason]).toEqual(['ended', 'stopped']);
      await one.tick();
      // The subscription ended at the operator too; its subscription-ended reached the sink after the watch's end.
      const subscriptions = await store.geofencing.list(DEMO_WATCH_CLIENT);
      expect(subscriptions).toHaveLength(1);
      expect((await listed(one)).find((watch) => watch.id === leave.body.id)?.state).toBe('ended');
    },
  );

  it.skipIf(engine.skip)('an area without cells ends the watch with the operator’s reason', async () => {
    const store = await engine.open({ demo: true });
    const one = await replica(store);
    const far = await one.call('POST', '/camara/watches?lat=-45&lon=-120&radius=5000&when=leave');
    expect([far.body.state, far.body.endReason]).toEqual(['ended', 'area-not-covered']);
  });

  it.skipIf(engine.skip || engine.name === 'SQLite')(
    'two replicas on one database: each crossing is one event, kept once',
    async () => {
      const store = await engine.open({ demo: true });
      await store.setPhoneCell(DEMO_KEYS.userKey, TAMPERE_CELL);
      const [a, b] = [await replica(store), await replica(await engine.reopen(store))];
      await a.call('POST', `/camara/watches?${AROUND_TAMPERE}&when=leave`);
      await Promise.all([a.tick(), b.tick()]);
      for (const cell of [MNC12_CELL, TAMPERE_CELL, MNC12_CELL]) {
        await store.setPhoneCell(DEMO_KEYS.userKey, cell);
        await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      }
      const [watch] = await listed(b);
      expect(kinds(watch!)).toEqual(['left', 'left', 'started']);
      expect(new Set(watch!.events.map((event) => event.id)).size).toBe(3);
    },
  );
});
