import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_HEADER } from '../../../api/build';
import { KEY_HEADERS } from '../../../api/keys';
import { createApp } from '../../app';
import { openDemoStore } from '../../admin/demo-data';
import type { Store } from '../../store/sqlite/open';
import { PlainResponse } from './plain-response';

const APP = 'https://app.example';
const OTHER = 'https://evil.example';
const CELL = '/api/cell/244/91/10038?serviceKey=demo-service&userKey=demo-user';

let store: Store;
let app: ReturnType<typeof createApp>;
beforeAll(() => {
  store = openDemoStore(':memory:');
  app = createApp({ store, staticDir: null, corsOrigins: [APP] });
});
afterAll(() => store.close());

const preflight = (origin: string, method = 'GET') =>
  app.request(CELL, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': `${KEY_HEADERS.serviceKey},${KEY_HEADERS.userKey}`,
    },
  });

const varies = (res: Response): string[] =>
  (res.headers.get('vary') ?? '').split(',').map((name) => name.trim().toLowerCase());

describe('CORS for the pages of CORS_ORIGINS', () => {
  it('answers a listed origin’s preflight with what its page may send, for how long, varying by Origin', async () => {
    const res = await preflight(APP);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-allow-methods')).toBe('GET,HEAD');
    const allowed = (res.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(',');
    expect(allowed).toEqual(
      expect.arrayContaining([KEY_HEADERS.serviceKey.toLowerCase(), KEY_HEADERS.userKey.toLowerCase()]),
    );
    expect(res.headers.get('access-control-max-age')).toBe('600');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
    expect(varies(res)).toContain('origin');
  });

  it('gives another origin’s preflight no permission at all, so its browser sends nothing', async () => {
    const res = await preflight(OTHER);
    expect(res.status).toBe(204);
    for (const name of [
      'access-control-allow-origin',
      'access-control-allow-methods',
      'access-control-allow-headers',
      'access-control-max-age',
    ])
      expect(res.headers.get(name), name).toBeNull();
    expect(varies(res)).toContain('origin');
  });

  it('lets a listed origin read a GET’s answer and the headers the app needs, the answer still plain', async () => {
    const res = await app.request(CELL, { headers: { Origin: APP } });
    expect(res.status).toBe(200);
    // The fast path stays: the answer the read made, not a streamed copy of it.
    expect(res).toBeInstanceOf(PlainResponse);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
    expect(res.headers.get('access-control-expose-headers')).toBe(`Retry-After,${BUILD_HEADER}`);
    expect(varies(res)).toContain('origin');
    expect(await res.text()).toContain('<cell');
  });

  it('lets no other origin read an answer, which still says it varies by Origin for caches', async () => {
    for (const headers of [{ Origin: OTHER }, {}] as Record<string, string>[]) {
      const res = await app.request(CELL, { headers });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin')).toBeNull();
      expect(res.headers.get('access-control-expose-headers')).toBeNull();
      expect(varies(res)).toContain('origin');
    }
  });

  it('adds the headers to errors too, so a page can read why it was refused', async () => {
    const res = await app.request('/api/cell/244/91/10038?serviceKey=demo-service&userKey=nobody', {
      headers: { Origin: APP },
    });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(APP);
  });

  it('leaves an OPTIONS that is no preflight to the routes, as without CORS', async () => {
    const plain = createApp({ store, staticDir: null });
    const withCors = await app.request(CELL, { method: 'OPTIONS', headers: { Origin: APP } });
    const without = await plain.request(CELL, { method: 'OPTIONS' });
    expect(withCors.status).toBe(without.status);
    expect(withCors.headers.get('allow')).toBe(without.headers.get('allow'));
  });
});
