import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_HEADER, BUILD_ID } from '../../api/build';
import { decodeErrorBody, XML_DECLARATION } from '../../api/codec';
import { createApp } from '../app';
import { openDemoStore } from '../admin/demo-data';
import { openStore, type Store } from '../store/sqlite/open';

const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;
const DEMO_Q = q('demo-service', 'demo-user');
const JSON_ACCEPT = { headers: { Accept: 'application/json' } };

let store: Store;
let app: ReturnType<typeof createApp>;
const lines: string[] = [];

beforeAll(() => {
  store = openDemoStore(':memory:');
  app = createApp({ store, staticDir: null, log: (line) => lines.push(line) });
});
afterAll(() => store.close());

describe('the API: statuses and bodies on the wire', () => {
  it('begins XML answers with the exact declaration', async () => {
    for (const path of [`/api/location${DEMO_Q}`, `/api/cell/244/91/10038${DEMO_Q}`, '/api/nope']) {
      const body = await (await app.request(path)).text();
      expect(body.startsWith(`${XML_DECLARATION}\n`)).toBe(true);
    }
  });

  it('answers XML by default and for Accept: application/xml, JSON for application/json', async () => {
    const types = await Promise.all(
      [
        undefined,
        'application/xml',
        'text/html,*/*',
        'application/json',
        'application/json;q=0.5, application/xml',
      ].map(async (accept) => {
        const res = await app.request(
          `/api/location${DEMO_Q}`,
          accept ? { headers: { Accept: accept } } : {},
        );
        return res.headers.get('content-type');
      }),
    );
    expect(types).toEqual([
      'application/xml; charset=utf-8',
      'application/xml; charset=utf-8',
      'application/xml; charset=utf-8',
      'application/json; charset=utf-8',
      'application/xml; charset=utf-8',
    ]);
  });

  it('answers 401 when keys are missing, naming which', async () => {
    for (const query of [
      '',
      '?serviceKey=demo-service',
      '?userKey=demo-user',
      '?serviceKey=&userKey=demo-user',
    ]) {
      const res = await app.request(`/api/location${query}`, JSON_ACCEPT);
      expect(res.status).toBe(401);
      const body = decodeErrorBody(await res.text(), res.headers.get('content-type'));
      expect(body?.code).toBe('missing-keys');
    }
    const cell = await app.request('/api/cell/244/91/10038');
    expect(cell.status).toBe(401);
  });

  it('answers 400 for a key given twice, never 500', async () => {
    const res = await app.request(`/api/location${DEMO_Q}&userKey=demo-user`, JSON_ACCEPT);
    expect(res.status).toBe(400);
    expect(JSON.parse(await res.text())).toEqual({
      error: {
        status: '400',
        code: 'duplicate-parameter',
        message: 'userKey is given more than once.',
        field: 'userKey',
      },
    });
  });

  it('checks the path before the keys', async () => {
    const res = await app.request('/api/cell/244/x/10038', JSON_ACCEPT);
    expect(res.status).toBe(400);
  });

  it('answers 404 in the negotiated format for any unknown path under /api', async () => {
    for (const path of [
      '/api',
      '/api/',
      '/api/nope',
      '/api/cell/244/91',
      '/api/cell/244/91/1/2',
      '/api/location/x',
    ]) {
      const res = await app.request(path, JSON_ACCEPT);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(JSON.parse(await res.text()).error.code).toBe('not-found');
    }
  });

  it('answers 405 with Allow for other methods', async () => {
    for (const path of [
      `/api/location${DEMO_Q}`,
      '/api/cell/244/91/10038',
      '/api/schema/Location',
      '/api/health',
    ]) {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        const res = await app.request(path, { method });
        expect(res.status).toBe(405);
        expect(res.headers.get('allow')).toBe('GET, HEAD');
      }
    }
  });

  it('answers HEAD like GET without a body', async () => {
    const res = await app.request(`/api/location${DEMO_Q}`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('');
  });

  it('marks API answers as not to be cached', async () => {
    const res = await app.request(`/api/location${DEMO_Q}`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('vary')).toMatch(/^Accept(, Accept-Encoding)?$/);
  });

  it('serves health, settings and the schema', async () => {
    expect(await (await app.request('/api/health')).json()).toEqual({ status: 'ok', mode: 'demo' });
    const settings = await (await app.request('/api/settings')).json();
    expect(settings).toMatchObject({
      mode: 'demo',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      demoKeys: { serviceKey: 'demo-service', userKey: 'demo-user' },
    });
    const schema = await app.request('/api/schema/Location');
    expect(schema.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await schema.text()).toContain('<xs:schema');
  });

  it('leaves demo keys out of the settings when the database has none', async () => {
    const empty = openStore(':memory:');
    const res = await createApp({ store: empty }).request('/api/settings');
    expect(await res.json()).not.toHaveProperty('demoKeys');
    empty.close();
  });

  it('tells the app the service key’s rate limit when there is one, so it can say what a long batch takes', async () => {
    const limited = createApp({ store, rateLimit: { perSecond: 20, burst: 40 } });
    expect(await (await limited.request('/api/settings')).json()).toMatchObject({ rateLimit: 20 });
    const unlimited = createApp({ store, rateLimit: { perSecond: 0, burst: 1 } });
    expect(await (await unlimited.request('/api/settings')).json()).not.toHaveProperty('rateLimit');
  });

  it('answers 500 with a generic body when something breaks, and logs without keys', async () => {
    const broken = openDemoStore(':memory:');
    const log: string[] = [];
    const brokenApp = createApp({ store: broken, log: (line) => log.push(line) });
    broken.close();
    const res = await brokenApp.request(`/api/location${q('demo-service', 'secret-user-key')}`, JSON_ACCEPT);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text).error).toEqual({
      status: '500',
      code: 'internal',
      message: 'Something went wrong in the service.',
    });
    expect(text).not.toMatch(/at |secret/);
    expect(log.join('\n')).not.toContain('secret-user-key');
    expect(log.some((line) => line.startsWith('error GET /api/location'))).toBe(true);
  });

  it('never puts a key in a log line, a header or an error body', async () => {
    lines.length = 0;
    const secret = 'sEcReT-key-123';
    const answers = await Promise.all(
      [
        `/api/location${q(secret, secret)}`,
        `/api/location${q('demo-service', secret)}&userKey=${secret}`,
        `/api/cell/244/91/10038${q(secret, 'demo-user')}`,
        `/api/cell/244/91/x${q(secret, secret)}`,
      ].map((path) => app.request(path)),
    );
    for (const res of answers) {
      expect(await res.text()).not.toContain(secret);
      expect([...res.headers].join(' ')).not.toContain(secret);
    }
    expect(lines).toHaveLength(4);
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines[0]).toMatch(/^GET \/api\/location 401 \d+\.\dms$/);
  });
});

describe('the service’s build', () => {
  it('is stated on every API answer and in the settings, so an older page knows it must reload', async () => {
    for (const path of [`/api/location${DEMO_Q}`, '/api/cell/244/91/1', '/api/nope', '/api/health']) {
      expect((await app.request(path)).headers.get(BUILD_HEADER), path).toBe(BUILD_ID);
    }
    expect((await app.request('/api/settings', { method: 'DELETE' })).headers.get(BUILD_HEADER)).toBe(
      BUILD_ID,
    );
    expect(await (await app.request('/api/settings')).json()).toMatchObject({ build: BUILD_ID });
  });
});

describe('CORS_ORIGINS', () => {
  const APP = 'https://app.example';
  let shared: ReturnType<typeof createApp>;
  beforeAll(() => {
    shared = createApp({ store, staticDir: null, corsOrigins: [APP] });
  });

  it('lets a page of a named origin read the API, Retry-After and the build included', async () => {
    const res = await shared.request(`/api/cell/244/91/10038${DEMO_Q}`, { headers: { Origin: APP } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-expose-headers')).toBe(`Retry-After,${BUILD_HEADER}`);
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    const preflight = await shared.request('/api/settings', {
      method: 'OPTIONS',
      headers: { Origin: APP, 'Access-Control-Request-Method': 'GET' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-methods')).toBe('GET,HEAD');
  });

  it('lets no other origin read it, and no origin at all when unset', async () => {
    const other = await shared.request('/api/settings', { headers: { Origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const unset = await app.request('/api/settings', { headers: { Origin: APP } });
    expect(unset.headers.get('access-control-allow-origin')).toBeNull();
  });
});
