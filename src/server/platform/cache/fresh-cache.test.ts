import { join } from 'node:path';
import Database, { type Db } from '../../store/sqlite/driver';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { storeKeys } from '../guard/key-check';
import { createLimits } from '../guard/limits';
import { run } from '../../cli';
import { openDemoStore } from '../../admin/demo-data';
import { BoundedMap, FreshCache } from './fresh-cache';
import type { Store } from '../../store/sqlite/open';
import { keyHash } from '../../store/key-hash';
import { tempDir } from '../../testing/temp-dir';

const dir = tempDir('fresh');

const KEYS = '?serviceKey=demo-service&userKey=demo-user';
const CELL = `/api/cell/244/91/10038${KEYS}`;
const LOCATION = `/api/location${KEYS}`;

let n = 0;
let file: string;
let store: Store;
let other: Db;
let app: ReturnType<typeof createApp>;

beforeEach(() => {
  file = join(dir, `fresh-${++n}.db`);
  store = openDemoStore(file);
  other = new Database(file);
  other.pragma('busy_timeout = 5000');
  app = createApp({ store });
});
afterEach(() => {
  other.close();
  store.close();
});

/* Another process's commit is seen from the event loop's next turn on (store/sqlite/commit-counter.ts onceATurn): a
   request over HTTP that comes after it is always read in a later turn; app.request() here is not, so it waits one. */
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

async function read(path: string): Promise<{ status: number; body: string }> {
  const res = await app.request(path, { headers: { Accept: 'application/json' } });
  return { status: res.status, body: await res.text() };
}

describe('kept key checks and answers', () => {
  it('see a key removed by another process at the very next request', async () => {
    expect((await read(CELL)).status).toBe(200);
    expect((await read(LOCATION)).status).toBe(200);
    other.prepare('DELETE FROM users WHERE key_hash = ?').run(keyHash('demo-user'));
    await nextTurn();
    expect((await read(CELL)).status).toBe(401);
    expect((await read(LOCATION)).status).toBe(401);
    const otherKeys = '?serviceKey=other-service&userKey=other-user';
    expect((await read(`/api/location${otherKeys}`)).status).toBe(200);
    other.prepare('DELETE FROM service_keys WHERE key_hash = ?').run(keyHash('other-service'));
    await nextTurn();
    expect((await read(`/api/location${otherKeys}`)).status).toBe(401);
  });

  it('see the admin command line’s writes: a withdrawn SMS reply, a changed cell', async () => {
    const pending = '/api/location?serviceKey=demo-service&userKey=demo-pending';
    expect((await read(pending)).status).toBe(403);
    const io = { out: () => undefined, err: () => undefined, env: {} };
    expect(await run(['sms-reply', 'demo-pending', '--db', file], io)).toBe(0);
    await nextTurn();
    expect((await read(pending)).status).toBe(200);
    expect(JSON.parse((await read(CELL)).body).cell.name).toBe('Brändö');
    expect(
      await run(['add-cell', '244', '91', '10038', '0', '60.3', '21', 'Brändö by', '--db', file], io),
    ).toBe(0);
    await nextTurn();
    expect(JSON.parse((await read(CELL)).body).cell).toMatchObject({ name: 'Brändö by', lat: '60.300000' });
    expect(await run(['sms-reply', 'demo-pending', '--no', '--db', file], io)).toBe(0);
    await nextTurn();
    expect((await read(pending)).status).toBe(403);
  });

  it('see this process’s own writes (the simulator moving the phone)', async () => {
    expect(JSON.parse((await read(LOCATION)).body).location.cell.cellid).toBe('400001');
    store.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid: 10038 });
    expect(JSON.parse((await read(LOCATION)).body).location.cell.cellid).toBe('10038');
  });

  it('give the same answers as a service that keeps nothing', async () => {
    const paths = [
      CELL,
      LOCATION,
      `/api/cell/244/05/400201${KEYS}`,
      `/api/cell/244/5/400201${KEYS}`,
      `/api/cell/244/91/1${KEYS}`,
      '/api/location?serviceKey=demo-service&userKey=demo-pending',
      '/api/location?serviceKey=demo-service&userKey=other-user',
      '/api/cell/244/91/10038?serviceKey=demo-service&userKey=nobody',
    ];
    for (const accept of ['application/json', 'application/xml']) {
      for (const path of paths) {
        const cold = await createApp({ store }).request(path, { headers: { Accept: accept } });
        const warm = [];
        for (let i = 0; i < 3; i++) warm.push(await app.request(path, { headers: { Accept: accept } }));
        for (const res of warm) {
          expect(res.status, path).toBe(cold.status);
          expect([...res.headers]).toEqual([...cold.headers]);
        }
        const bodies = await Promise.all([cold, ...warm].map((res) => res.text()));
        expect(new Set(bodies).size, path).toBe(1);
      }
    }
  });

  it('check keys against the database only when they are new or the data changed', async () => {
    let asked = 0;
    const judge = storeKeys(
      {
        authenticate: (serviceKey, userKey) => {
          asked++;
          return store.authenticate(serviceKey, userKey);
        },
      },
      createLimits(undefined),
      new FreshCache(() => store.dataVersion()),
    );
    const keys = { serviceKey: ['demo-service'], userKey: ['demo-user'] };
    for (let i = 0; i < 3; i++) expect((await judge(keys, 'a')).ok).toBe(true);
    expect(asked).toBe(1);
    for (let i = 0; i < 3; i++) expect((await judge({ ...keys, userKey: ['nobody'] }, 'a')).ok).toBe(false);
    expect(asked).toBe(4);
  });
});

describe('BoundedMap', () => {
  it('forgets the entry set first beyond its bound', () => {
    const map = new BoundedMap<string, number>(2);
    map.set('a', 1).set('b', 2).set('a', 3).set('c', 4);
    expect([...map]).toEqual([
      ['b', 2],
      ['c', 4],
    ]);
  });

  it('stays within its bound after a key deleted by hand, and starts afresh after clear()', () => {
    const map = new BoundedMap<string, number>(3);
    map.set('a', 1).set('b', 2).set('c', 3);
    map.delete('b');
    map.set('d', 4).set('e', 5);
    expect([...map.keys()]).toEqual(['c', 'd', 'e']);
    map.clear();
    map.set('f', 6).set('g', 7).set('h', 8).set('i', 9);
    expect([...map.keys()]).toEqual(['g', 'h', 'i']);
  });

  it('forgets its oldest entry without walking the map, however many it holds', () => {
    // Finding the oldest with keys().next() walked past every deleted slot: 60 times slower at 50,000 (25 µs a set).
    // Not timed (a busy machine decides a timing): any walk of the map's entries throws here.
    const max = 50_000;
    const map = new BoundedMap<string, number>(max);
    for (let i = 0; i < max; i++) map.set(`xml 244/91/${i}`, i);
    const walk = (): never => {
      throw new Error('the map was walked to find its oldest entry');
    };
    Object.assign(map, { keys: walk, values: walk, entries: walk, forEach: walk, [Symbol.iterator]: walk });
    for (let i = max; i < max + 20_000; i++) map.set(`xml 244/91/${i}`, i);
    expect(map.size).toBe(max);
    expect([map.has('xml 244/91/19999'), map.has('xml 244/91/20000'), map.has('xml 244/91/69999')]).toEqual([
      false,
      true,
      true,
    ]);
  });
});
