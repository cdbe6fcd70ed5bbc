import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@hono/node-server';
import { createClient } from '../api/client';
import { decodeErrorBody, XML_DECLARATION } from '../api/codec';
import { ApiError } from '../api/errors';
import { createApp } from './app';
import { DEMO_PHONE_CELL, DOCUMENTED_CELL, LARGE_CELLID_CELL, MNC5_CELL, TAMPERE_CELL } from './demo-data';
import { openStore, type Store } from './store';

const KEYS = { serviceKey: 'demo-service', userKey: 'demo-user' };
const q = (serviceKey: string, userKey: string): string =>
  `?serviceKey=${encodeURIComponent(serviceKey)}&userKey=${encodeURIComponent(userKey)}`;
const DEMO_Q = q(KEYS.serviceKey, KEYS.userKey);
const JSON_ACCEPT = { headers: { Accept: 'application/json' } };

let store: Store;
let app: ReturnType<typeof createApp>;
const lines: string[] = [];

beforeAll(() => {
  store = openStore(':memory:', { demo: true });
  app = createApp({ store, staticDir: null, log: (line) => lines.push(line) });
});
afterAll(() => store.close());

function client(format: 'xml' | 'json') {
  return createClient({
    baseUrl: 'http://x/api',
    format,
    fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
  });
}

async function errorOf(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected the read to fail');
}

describe.each(['xml', 'json'] as const)('demo mode through the client, %s', (format) => {
  it('reads the demo phone', async () => {
    const { data, raw } = await client(format).getLocation(KEYS);
    expect(raw.status).toBe(200);
    expect(raw.contentType).toBe(`application/${format}; charset=utf-8`);
    expect(data).toEqual({
      msisdn: '358401234567',
      state: 'Idle',
      cell: {
        lat: DEMO_PHONE_CELL.lat.toFixed(6),
        lon: DEMO_PHONE_CELL.lon.toFixed(6),
        mcc: '244',
        mnc: '91',
        lac: String(DEMO_PHONE_CELL.lac),
        cellid: String(DEMO_PHONE_CELL.cellid),
        name: 'Helsinki Kamppi',
        position: { lat: DEMO_PHONE_CELL.lat, lon: DEMO_PHONE_CELL.lon },
      },
    });
  });

  it('leaves state out when the user has none', async () => {
    const { data } = await client(format).getLocation({ serviceKey: 'other-service', userKey: 'other-user' });
    expect(data.state).toBeUndefined();
    expect(data.cell.name).toBe(TAMPERE_CELL.name);
    expect(data.cell.lat).toBe('61.492494');
  });

  it('reads the documented Brändö cell as documented', async () => {
    const { data } = await client(format).getCell(KEYS, { mcc: '244', mnc: '91', cellid: '10038' });
    expect(data).toEqual({
      lat: '60.316391',
      lon: '20.994058',
      mcc: '244',
      mnc: '91',
      lac: '0',
      cellid: '10038',
      name: 'Brändö',
      position: { lat: DOCUMENTED_CELL.lat, lon: DOCUMENTED_CELL.lon },
    });
  });

  it('repeats mcc, mnc and cellid as asked', async () => {
    const asked = { mcc: '244', mnc: '05', cellid: `000${MNC5_CELL.cellid}` };
    const { data } = await client(format).getCell(KEYS, asked);
    expect(data).toMatchObject({ ...asked, name: 'Oulu Keskusta' });
    const plain = await client(format).getCell(KEYS, {
      mcc: '244',
      mnc: '5',
      cellid: String(MNC5_CELL.cellid),
    });
    expect(plain.data.mnc).toBe('5');
  });

  it('reads a cell id above 2^32', async () => {
    const { data } = await client(format).getCell(KEYS, {
      mcc: '244',
      mnc: '91',
      cellid: String(LARGE_CELLID_CELL.cellid),
    });
    expect(data.cellid).toBe('30064771073');
    expect(data.name).toBe('Espoo Otaniemi');
  });

  it.each([
    ['an unknown user key', 'demo-service', 'nobody'],
    ['an unknown service key', 'nobody', 'demo-user'],
    ['keys of two developers', 'demo-service', 'other-user'],
    ['keys of two developers, the other way', 'other-service', 'demo-user'],
    ['a user key as service key', 'demo-user', 'demo-user'],
    ['a key too long to be ours', 'demo-service', 'x'.repeat(300)],
  ])('answers 401 for %s', async (_what, serviceKey, userKey) => {
    for (const read of [
      client(format).getLocation({ serviceKey, userKey }),
      client(format).getCell({ serviceKey, userKey }, { mcc: '244', mnc: '91', cellid: '10038' }),
    ]) {
      const error = await errorOf(read);
      expect(error.kind).toBe('unauthorized');
      expect(error.status).toBe(401);
      expect(error.raw?.body).not.toContain(userKey.slice(0, 20));
    }
  });

  it('answers 403 to a user who has not replied to the SMS, but reads cells for them', async () => {
    const pending = { serviceKey: 'demo-service', userKey: 'demo-pending' };
    const error = await errorOf(client(format).getLocation(pending));
    expect(error.kind).toBe('forbidden');
    expect(error.detail).toMatch(/authorization SMS/);
    const { data } = await client(format).getCell(pending, { mcc: '244', mnc: '91', cellid: '10038' });
    expect(data.name).toBe('Brändö');
  });

  it('answers 404 for an unknown cell', async () => {
    const error = await errorOf(client(format).getCell(KEYS, { mcc: '244', mnc: '91', cellid: '1' }));
    expect(error.kind).toBe('not-found');
    expect(error.status).toBe(404);
  });

  it.each([
    ['mcc', { mcc: '1000', mnc: '91', cellid: '1' }],
    ['mcc', { mcc: '24a', mnc: '91', cellid: '1' }],
    ['mnc', { mcc: '244', mnc: '1000', cellid: '1' }],
    ['mnc', { mcc: '244', mnc: '-1', cellid: '1' }],
    ['cellid', { mcc: '244', mnc: '91', cellid: String(2 ** 36) }],
    ['cellid', { mcc: '244', mnc: '91', cellid: '1.5' }],
    ['cellid', { mcc: '244', mnc: '91', cellid: ' 12' }],
  ])('answers 400 naming %s', async (field, id) => {
    const error = await errorOf(client(format).getCell(KEYS, id));
    expect(error.kind).toBe('bad-request');
    expect(error.status).toBe(400);
    expect(error.field).toBe(field);
  });
});

describe('statuses and bodies on the wire', () => {
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
      tileUrl: 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png',
      demoKeys: { serviceKey: 'demo-service', userKey: 'demo-user' },
    });
    const schema = await app.request('/api/schema/Location');
    expect(schema.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await schema.text()).toContain('<xs:schema');
  });

  it('leaves demo keys out of the settings when the database has none', async () => {
    const empty = openStore(':memory:', { demo: false });
    const res = await createApp({ store: empty }).request('/api/settings');
    expect(await res.json()).not.toHaveProperty('demoKeys');
    empty.close();
  });

  it('answers 500 with a generic body when something breaks, and logs without keys', async () => {
    const broken = openStore(':memory:', { demo: true });
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

describe('the built app', () => {
  let dir: string;
  let withPages: ReturnType<typeof createApp>;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cellpos-static-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(dir, 'favicon.svg'), '<svg/>');
    withPages = createApp({ store, staticDir: dir });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves index.html with no-cache for the app’s routes', async () => {
    for (const path of ['/', '/cell/244/91/10038', '/some/deep/route']) {
      const res = await withPages.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('<title>app</title>');
    }
  });

  it('serves hashed assets as immutable, other files as no-cache, and 404 for missing files', async () => {
    const asset = await withPages.request('/assets/index-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await withPages.request('/favicon.svg');
    expect(icon.headers.get('cache-control')).toBe('no-cache');
    const gone = await withPages.request('/assets/gone-123.js');
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
    expect((await withPages.request('/robots.txt')).status).toBe(404);
  });

  it('never answers an API path with the page', async () => {
    const res = await withPages.request('/api/cells');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
  });

  it('says to build when the app is not built', async () => {
    const bare = createApp({ store, staticDir: join(dir, 'missing') });
    const res = await bare.request('/');
    expect(res.status).toBe(503);
    expect(await res.text()).toMatch(/npm run build/);
    expect((await bare.request('/api/health')).status).toBe(200);
  });
});

describe('over a real socket', () => {
  let server: ReturnType<typeof serve>;
  let url: string;
  beforeAll(async () => {
    url = await new Promise<string>((done) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
        done(`http://127.0.0.1:${info.port}`),
      );
    });
  });
  afterAll(async () => {
    await new Promise((done) => server.close(done));
  });

  it('answers both formats and the statuses with fetch', async () => {
    const xml = await fetch(`${url}/api/cell/244/91/10038${DEMO_Q}`);
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(await xml.text()).toContain('<name>Brändö</name>');
    const json = await fetch(`${url}/api/location${DEMO_Q}`, JSON_ACCEPT);
    expect((await json.json()).location.msisdn).toBe('358401234567');
    const statuses = await Promise.all(
      [
        `/api/location${q('demo-service', 'demo-pending')}`,
        `/api/location${q('demo-service', 'other-user')}`,
        `/api/cell/244/91/abc${DEMO_Q}`,
        `/api/cell/244/91/1${DEMO_Q}`,
      ].map(async (path) => (await fetch(`${url}${path}`)).status),
    );
    expect(statuses).toEqual([403, 401, 400, 404]);
    expect((await fetch(`${url}/api/location`, { method: 'DELETE' })).status).toBe(405);
  });
});
