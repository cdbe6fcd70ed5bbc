import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService, type Service } from './app';
import { DEMO_DEVELOPERS } from './demo-data';
import { fastPath } from './fast-path';
import { openStore, type Store } from './store';

/* Parity: main's fast path against the Hono app, each with its own limiter (same settings) on one store. */
const RATE = { perSecond: 1, burst: 2 };
const HEADERS = [
  'content-type',
  'content-length',
  'cache-control',
  'vary',
  'retry-after',
  'allow',
  'content-encoding',
  'content-security-policy',
  'x-content-type-options',
  'referrer-policy',
  'x-frame-options',
  'cross-origin-opener-policy',
];

interface Pair {
  server: Server;
  base: string;
  hono: Service;
  fastLines: string[];
  honoLines: string[];
  fallbacks: number;
}

let store: Store;
let plain: Pair;
let limited: Pair;

async function startPair(rateLimit?: { perSecond: number; burst: number }): Promise<Pair> {
  const fastLines: string[] = [];
  const honoLines: string[] = [];
  const fast = createService({ store, staticDir: null, rateLimit, log: (l) => fastLines.push(l) });
  const hono = createService({ store, staticDir: null, rateLimit, log: (l) => honoLines.push(l) });
  const honoListener = getRequestListener(fast.app.fetch);
  const pair: Pair = { server: createServer(), base: '', hono, fastLines, honoLines, fallbacks: 0 };
  pair.server.on(
    'request',
    fastPath(fast, (req, res) => {
      pair.fallbacks++;
      void honoListener(req, res);
    }),
  );
  await new Promise<void>((resolve) => pair.server.listen(0, '127.0.0.1', resolve));
  pair.base = `http://127.0.0.1:${(pair.server.address() as AddressInfo).port}`;
  return pair;
}

beforeAll(async () => {
  store = openStore(':memory:', { demo: true });
  const developer = DEMO_DEVELOPERS[0]?.name ?? '';
  store.registerUser(developer, '358400000001', { key: 'quiet-user-0001', smsReplied: false });
  store.registerUser(developer, '358400000002', { key: 'lost-user-00001', smsReplied: true });
  plain = await startPair();
  limited = await startPair(RATE);
});
afterAll(() => {
  plain.server.close();
  limited.server.close();
  store.close();
});

async function compare(
  path: string,
  init: { method?: string; headers?: Record<string, string> } = {},
  pair = plain,
): Promise<number> {
  const before = pair.fallbacks;
  const viaFast = await fetch(`${pair.base}${path}`, init);
  const viaHono = await pair.hono.app.request(path, init);
  expect(pair.fallbacks, 'took the fast path').toBe(before);
  expect(viaFast.status).toBe(viaHono.status);
  for (const name of HEADERS) {
    expect([name, viaFast.headers.get(name)]).toEqual([name, viaHono.headers.get(name)]);
  }
  expect(await viaFast.text()).toBe(await viaHono.text());
  return viaFast.status;
}

const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const CASES: [string, number][] = [
  [`/api/cell/244/91/10038?${KEYS}`, 200],
  [`/api/cell/244/05/10038?${KEYS}`, 404],
  [`/api/cell/999/9/99999?${KEYS}`, 404],
  [`/api/cell/24x/91/10038?${KEYS}`, 400],
  ['/api/cell/244/91/10038', 401],
  ['/api/cell/244/91/10038?serviceKey=demo-service', 401],
  [`/api/cell/244/91/10038?serviceKey=nope&userKey=demo-user`, 401],
  [`/api/cell/244/91/10038?${KEYS}&serviceKey=x`, 400],
  [`/api/cell/244/91/10038?${KEYS}&other=1`, 200],
  [`/api/location?${KEYS}`, 200],
  ['/api/location', 401],
  ['/api/location?', 401],
  [`/api/location?serviceKey=demo-service&userKey=quiet-user-0001`, 403],
  [`/api/location?serviceKey=demo-service&userKey=lost-user-00001`, 404],
  [`/api/location?${KEYS}&userKey=demo-user`, 400],
  [`/api/location?serviceKey=${'k'.repeat(300)}&userKey=demo-user`, 401],
];

describe('the fast path answers as the Hono app does', () => {
  describe.each([
    ['xml', {}],
    ['json', { accept: 'application/json' }],
    ['json over xml', { accept: 'application/xml;q=0.5, application/json', 'accept-encoding': 'gzip, br' }],
  ])('%s', (_format, headers: Record<string, string>) => {
    it.each(CASES)('GET %s → %i', async (path, status) => {
      expect(await compare(path, { headers })).toBe(status);
    });
    it.each(CASES)('HEAD %s → %i', async (path, status) => {
      expect(await compare(path, { method: 'HEAD', headers })).toBe(status);
    });
  });

  it('rate-limits alike (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (const path of [`/api/cell/244/91/10038?${KEYS}`, `/api/location?${KEYS}`]) {
      for (let i = 0; i < 3; i++) statuses.push(await compare(path, {}, limited));
    }
    expect(statuses).toContain(429);
    const retry = await fetch(`${limited.base}/api/location?${KEYS}`, {
      headers: { accept: 'application/json' },
    });
    expect(retry.status).toBe(429);
    expect(retry.headers.get('retry-after')).toBe('1');
  });

  it('logs the same access line', () => {
    const strip = (line: string): string => line.replace(/ [\d.]+ms$/, '');
    expect(plain.fastLines.length).toBeGreaterThan(0);
    expect(plain.fastLines.map(strip)).toEqual(plain.honoLines.map(strip));
    expect(plain.fastLines.join('\n')).not.toContain('demo-service');
  });

  it('leaves anything else to Hono', async () => {
    for (const path of [
      '/api/health',
      `/api/cell/244/91/10038?serviceKey=demo%2Dservice&userKey=demo-user`,
      `/api/cell/244/91/10038/?${KEYS}`,
      `/api/location?serviceKey=a+b&userKey=demo-user`,
    ]) {
      const before = plain.fallbacks;
      const res = await fetch(`${plain.base}${path}`);
      const viaHono = await plain.hono.app.request(path);
      expect(res.status).toBe(viaHono.status);
      expect(await res.text()).toBe(await viaHono.text());
      expect(plain.fallbacks).toBe(before + 1);
    }
    const before = plain.fallbacks;
    expect((await fetch(`${plain.base}/api/location?${KEYS}`, { method: 'POST' })).status).toBe(405);
    expect(plain.fallbacks).toBe(before + 1);
  });
});
