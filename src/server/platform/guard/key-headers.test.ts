import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../app';
import { openDemoStore } from '../../admin/demo-data';
import type { Store } from '../../store/sqlite/open';
import { createGuard } from './guard';
import { operatorKeys, type KeyJudge } from './key-check';
import { keyParams } from './key-params';
import { createLimits } from './limits';
const KEY_HEADERS = { serviceKey: 'X-Service-Key', userKey: 'X-User-Key' } as const;

const JSON_ACCEPT = { Accept: 'application/json' };
const DEMO = { [KEY_HEADERS.serviceKey]: 'demo-service', [KEY_HEADERS.userKey]: 'demo-user' };

let store: Store;
let app: ReturnType<typeof createApp>;
beforeAll(() => {
  store = openDemoStore(':memory:');
  app = createApp({ store, staticDir: null });
});
afterAll(() => store.close());

async function errorOf(res: Response): Promise<{ code: string; field?: string }> {
  return ((await res.json()) as { error: { code: string; field?: string } }).error;
}

describe('the keys in request headers', () => {
  it('are read as the query’s keys are: both reads answer, with no key in the URL', async () => {
    const location = await app.request('/api/location', { headers: { ...DEMO, ...JSON_ACCEPT } });
    expect(location.status).toBe(200);
    const cell = await app.request('/api/cell/244/91/10038', { headers: { ...DEMO, ...JSON_ACCEPT } });
    expect(cell.status).toBe(200);
    const cells = await app.request('/api/cells?bbox=20,60,21,61', { headers: { ...DEMO, ...JSON_ACCEPT } });
    expect(cells.status).toBe(200);
  });

  it('are checked as the query’s: unknown keys are a 401, a missing one names itself', async () => {
    const unknown = await app.request('/api/location', {
      headers: { ...JSON_ACCEPT, ...DEMO, [KEY_HEADERS.userKey]: 'typo' },
    });
    expect(unknown.status).toBe(401);
    const missing = await app.request('/api/location', {
      headers: { ...JSON_ACCEPT, [KEY_HEADERS.serviceKey]: 'demo-service' },
    });
    expect(missing.status).toBe(401);
    expect(await errorOf(missing)).toMatchObject({ code: 'missing-keys' });
  });

  it('may be given both ways when they agree, and mixed (one in the query, one in a header)', async () => {
    const both = await app.request('/api/location?serviceKey=demo-service&userKey=demo-user', {
      headers: { ...DEMO, ...JSON_ACCEPT },
    });
    expect(both.status).toBe(200);
    const mixed = await app.request('/api/location?serviceKey=demo-service', {
      headers: { ...JSON_ACCEPT, [KEY_HEADERS.userKey]: 'demo-user' },
    });
    expect(mixed.status).toBe(200);
  });

  it('given both ways and differing is a 400, as a key given twice in the query is', async () => {
    const differ = await app.request('/api/location?userKey=other-user', {
      headers: { ...DEMO, ...JSON_ACCEPT },
    });
    expect(differ.status).toBe(400);
    expect(await errorOf(differ)).toMatchObject({ code: 'duplicate-parameter', field: 'userKey' });
  });

  it('a header sent twice (joined by a comma on the way) is a key given twice: 400', async () => {
    const guard = createGuard({
      limits: createLimits(undefined),
      addressOf: () => '10.0.0.1',
      credentials: keyParams,
      judge: ((keys) => ({ ok: true, who: keys })) as KeyJudge<unknown>,
    });
    const echo = new Hono();
    echo.get('/read', guard(), (c) => c.json(c.var.who));
    const headers = new Headers({ [KEY_HEADERS.serviceKey]: 's' });
    headers.append(KEY_HEADERS.userKey, 'u');
    headers.append(KEY_HEADERS.userKey, 'v');
    expect(await (await echo.request('/read', { headers })).json()).toEqual({
      serviceKey: ['s'],
      userKey: ['u', 'v'],
    });
    const twice = await app.request('/api/location', {
      headers: { ...JSON_ACCEPT, [KEY_HEADERS.serviceKey]: 'demo-service', [KEY_HEADERS.userKey]: 'a, b' },
    });
    expect(twice.status).toBe(400);
    expect(await errorOf(twice)).toMatchObject({ code: 'duplicate-parameter', field: 'userKey' });
  });

  it('reach an operator in proxy mode as the document’s query parameters', async () => {
    const limits = createLimits(undefined);
    const guard = createGuard({
      limits,
      addressOf: () => '10.0.0.1',
      credentials: keyParams,
      judge: operatorKeys(limits),
    });
    const proxy = new Hono();
    proxy.get('/location', guard(), (c) => c.text(c.var.who.search));
    const res = await proxy.request('/location', { headers: DEMO });
    expect(await res.text()).toBe('?serviceKey=demo-service&userKey=demo-user');
  });

  it('are allowed across origins when CORS_ORIGINS names the page’s origin', async () => {
    const origin = 'https://app.example';
    const shared = createApp({ store, staticDir: null, corsOrigins: [origin] });
    const preflight = await shared.request('/api/cell/244/91/10038', {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'x-service-key,x-user-key',
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
    expect(allowed).toEqual(expect.arrayContaining(['x-service-key', 'x-user-key']));
    const read = await shared.request('/api/cell/244/91/10038', { headers: { ...DEMO, Origin: origin } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(origin);
  });
});
