import { once } from 'node:events';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../testing/temp-dir';
import { storeEngines } from '../../testing/store-engines';
import { NO_LAC, type CachedAnswer } from '../cell-cache-port';
import { openStore, type Store } from './open';
import { DRIVER } from './driver';

const KEY = { mcc: 244, mnc: 91, cellid: 20500001 };
const NOW = 1_700_000_000;
const FOUND: CachedAnswer = {
  found: true,
  lac: 6001,
  radio: 'LTE',
  lat: 60.1699,
  lon: 24.9384,
  range: 1200,
  samples: 37,
  updated: 1_690_000_000,
  askedAt: NOW,
};

for (const engine of storeEngines('cellpos-cache-')) {
  const cacheOf = async (foundSeconds = 7 * 86_400, notFoundSeconds = 86_400) =>
    (await engine.open()).cellCache({ foundSeconds, notFoundSeconds });

  describe.skipIf(engine.skip)(`the live sources cache (${engine.name})`, () => {
    it('gives a found cell back with every fact, to the same question or one without LAC or radio', async () => {
      const cache = await cacheOf();
      await cache.put('opencellid', KEY, FOUND);
      expect(await cache.get('opencellid', { ...KEY, lac: 6001, radio: 'LTE' }, NOW + 10)).toEqual(FOUND);
      expect(await cache.get('opencellid', KEY, NOW + 10)).toEqual(FOUND);
      expect(await cache.get('opencellid', { ...KEY, radio: 'LTE' }, NOW + 10)).toEqual(FOUND);
    });

    it('does not answer another LAC, another radio, another source or another cell', async () => {
      const cache = await cacheOf();
      await cache.put('opencellid', KEY, FOUND);
      expect(await cache.get('opencellid', { ...KEY, lac: 6002 }, NOW)).toBeUndefined();
      expect(await cache.get('opencellid', { ...KEY, radio: 'GSM' }, NOW)).toBeUndefined();
      expect(await cache.get('geolocate', KEY, NOW)).toBeUndefined();
      expect(await cache.get('opencellid', { ...KEY, cellid: 20500002 }, NOW)).toBeUndefined();
    });

    it('lets a found cell of unknown radio answer a question that names one', async () => {
      const cache = await cacheOf();
      await cache.put('geolocate', KEY, { ...FOUND, radio: '' });
      expect((await cache.get('geolocate', { ...KEY, lac: 6001, radio: 'UMTS' }, NOW))?.found).toBe(true);
    });

    it('keeps "not found" for a day, for the very question asked only', async () => {
      const cache = await cacheOf();
      await cache.put('opencellid', KEY, { found: false, lac: 6001, radio: '', askedAt: NOW });
      expect(await cache.get('opencellid', { ...KEY, lac: 6001 }, NOW + 3600)).toEqual({
        found: false,
        lac: 6001,
        radio: '',
        askedAt: NOW,
      });
      expect(await cache.get('opencellid', { ...KEY, lac: 6001, radio: 'LTE' }, NOW)).toBeUndefined();
      expect(await cache.get('opencellid', { ...KEY, lac: 7 }, NOW)).toBeUndefined();
      expect(await cache.get('opencellid', KEY, NOW)).toBeUndefined();
      expect(await cache.get('opencellid', { ...KEY, lac: 6001 }, NOW + 86_400)).toBeUndefined();
    });

    it('remembers a "not found" to a question without LAC apart from any LAC', async () => {
      const cache = await cacheOf();
      await cache.put('x', KEY, { found: false, lac: NO_LAC, radio: '', askedAt: NOW });
      expect((await cache.get('x', KEY, NOW))?.found).toBe(false);
      expect(await cache.get('x', { ...KEY, lac: 1 }, NOW)).toBeUndefined();
    });

    it('forgets a found cell after its days, and prunes what has expired', async () => {
      const cache = await cacheOf(7 * 86_400);
      await cache.put('opencellid', KEY, FOUND);
      await cache.put('opencellid', { ...KEY, cellid: 5 }, { found: false, lac: 1, radio: '', askedAt: NOW });
      expect((await cache.get('opencellid', KEY, NOW + 7 * 86_400 - 1))?.found).toBe(true);
      expect(await cache.get('opencellid', KEY, NOW + 7 * 86_400)).toBeUndefined();
      expect(await cache.prune(NOW + 86_400)).toBe(1);
      expect(await cache.prune(NOW + 7 * 86_400)).toBe(1);
    });

    it('keeps nothing when its lifetime is 0 (CELL_CACHE_DAYS=0)', async () => {
      const cache = await cacheOf(0);
      await cache.put('opencellid', KEY, FOUND);
      expect(await cache.get('opencellid', KEY, NOW)).toBeUndefined();
    });

    it('replaces an answer to the same question with the newer one', async () => {
      const cache = await cacheOf();
      await cache.put('opencellid', KEY, FOUND);
      await cache.put('opencellid', KEY, { ...FOUND, lat: 61, askedAt: NOW + 5 });
      expect((await cache.get('opencellid', KEY, NOW + 6))?.lat).toBe(61);
    });
  });
}

/* SQLite alone: its one writer at a time. */
const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});

/* Another writer on another thread (an import, the admin command line) holds the write lock until the main thread
   is about to write, and a second longer. A cache that waited for it (the store's 5 s busy timeout) would keep the
   answer once the lock goes; one that never waits fails at once, while the lock is still held. */
const HOLDER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file);
db.exec('BEGIN IMMEDIATE');
const flag = new Int32Array(workerData.flag);
parentPort.postMessage('locked');
Atomics.wait(flag, 0, 0);
Atomics.wait(flag, 1, 0, 1000);
db.exec('COMMIT');
db.close();
parentPort.postMessage('released');
`;

describe('the live sources cache beside another writer', () => {
  const dir = tempDir('cell-cache');

  it('never waits for the lock: a put while another writer holds it fails at once, and works once it is gone', async () => {
    const file = join(dir, 'locked.db');
    const store = openStore(file);
    opened.push(store);
    const cache = store.cellCache({ foundSeconds: 7 * 86_400, notFoundSeconds: 86_400 });
    const flag = new Int32Array(new SharedArrayBuffer(8));
    const driver = createRequire(import.meta.url).resolve(DRIVER);
    const holder = new Worker(HOLDER, { eval: true, workerData: { driver, file, flag: flag.buffer } });
    const [locked] = (await once(holder, 'message')) as [string];
    expect(locked).toBe('locked');
    const released = once(holder, 'message');
    Atomics.store(flag, 0, 1);
    Atomics.notify(flag, 0);
    expect(() => cache.put('opencellid', KEY, FOUND)).toThrow(/database is locked/);
    await released;
    await holder.terminate();
    expect(cache.get('opencellid', KEY, NOW)).toBeUndefined();
    cache.put('opencellid', KEY, FOUND);
    expect(cache.get('opencellid', KEY, NOW)).toEqual(FOUND);
  });
});
