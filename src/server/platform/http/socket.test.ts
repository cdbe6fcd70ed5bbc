import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { DEMO_DEVELOPERS, openDemoStore } from '../../admin/demo-data';
import type { Store } from '../../store/sqlite/open';
import { createListener } from './listener';

/* The service as main serves it: its listener (@hono/node-server's, writing the service's own answers itself) on a
   node:http server, over a real socket. */
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

interface Running {
  server: Server;
  base: string;
  lines: string[];
}

let store: Store;
let plain: Running;
let limited: Running;

async function start(rateLimit?: { perSecond: number; burst: number }): Promise<Running> {
  const lines: string[] = [];
  const app = createApp({ store, staticDir: null, rateLimit, log: (line) => lines.push(line) });
  const server = createServer(
    createListener(app, { hostname: '127.0.0.1', log: (line) => lines.push(line) }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, lines };
}

beforeAll(async () => {
  store = openDemoStore(':memory:');
  const developer = DEMO_DEVELOPERS[0]?.name ?? '';
  store.registerUser(developer, '358400000001', { key: 'quiet-user-0001', smsReplied: false });
  store.registerUser(developer, '358400000002', { key: 'lost-user-00001', smsReplied: true });
  plain = await start();
  limited = await start({ perSecond: 1, burst: 2 });
});
afterAll(() => {
  plain.server.close();
  limited.server.close();
  store.close();
});

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
  [`/api/cell/244/91/10038?serviceKey=demo%2Dservice&userKey=demo-user`, 200],
  [`/api/location?${KEYS}`, 200],
  ['/api/location', 401],
  ['/api/location?', 401],
  [`/api/location?serviceKey=demo-service&userKey=quiet-user-0001`, 403],
  [`/api/location?serviceKey=demo-service&userKey=lost-user-00001`, 404],
  [`/api/location?${KEYS}&userKey=demo-user`, 400],
  [`/api/location?serviceKey=${'k'.repeat(300)}&userKey=demo-user`, 401],
  [`/api/location?serviceKey=a+b&userKey=demo-user`, 401],
];

describe('over a real socket', () => {
  describe.each([
    ['xml', {}],
    ['json', { accept: 'application/json' }],
    ['json over xml', { accept: 'application/xml;q=0.5, application/json', 'accept-encoding': 'gzip, br' }],
  ])('%s', (_format, headers: Record<string, string>) => {
    it.each(CASES)('GET and HEAD %s → %i, HEAD with the same headers and no body', async (path, status) => {
      const get = await fetch(`${plain.base}${path}`, { headers });
      const head = await fetch(`${plain.base}${path}`, { method: 'HEAD', headers });
      expect([get.status, head.status]).toEqual([status, status]);
      for (const name of HEADERS) {
        expect([name, head.headers.get(name)]).toEqual([name, get.headers.get(name)]);
      }
      const body = await get.text();
      expect(Number(get.headers.get('content-length'))).toBe(Buffer.byteLength(body));
      expect(await head.text()).toBe('');
    });
  });

  it('answers both formats and the statuses with fetch', async () => {
    const xml = await fetch(`${plain.base}/api/cell/244/91/10038?${KEYS}`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await xml.text()).toContain('<name>Brändö</name>');
    const json = await fetch(`${plain.base}/api/location?${KEYS}`, {
      headers: { Accept: 'application/json' },
    });
    expect((await json.json()).location.msisdn).toBe('358401234567');
    expect((await fetch(`${plain.base}/api/location`, { method: 'DELETE' })).status).toBe(405);
  });

  it('rate-limits (429 with Retry-After)', async () => {
    const statuses: number[] = [];
    for (const path of [`/api/cell/244/91/10038?${KEYS}`, `/api/location?${KEYS}`]) {
      for (let i = 0; i < 3; i++) statuses.push((await fetch(`${limited.base}${path}`)).status);
    }
    expect(statuses).toContain(429);
    const retry = await fetch(`${limited.base}/api/location?${KEYS}`, {
      headers: { accept: 'application/json' },
    });
    expect(retry.status).toBe(429);
    expect(retry.headers.get('retry-after')).toBe('1');
  });

  it('logs one line per request, without the keys', () => {
    expect(plain.lines.length).toBeGreaterThan(CASES.length);
    for (const line of plain.lines) expect(line).toMatch(/^(GET|HEAD|DELETE) \/api\/\S+ \d{3} \d+\.\dms$/);
    expect(plain.lines.join('\n')).not.toContain('demo-service');
  });
});
