import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createClient } from '../../../api/client';
import { encodeCell, encodeLocation } from '../../../api/codec';
import { DOCUMENTED_CELL } from '../../../api/fixtures/documented-cell';
import { createApp } from '../../app';
import { LOCATION_XSD } from '../../location/location-xsd';
import { clientOf, apiErrorOf } from '../../testing/app-client';

interface Seen {
  url: string;
  accept: string | undefined;
}

let operator: Server;
let base: string;
let closedPort: number;
const seen: Seen[] = [];
const open = new Set<ServerResponse>();

function answer(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, { 'Content-Type': type, 'Set-Cookie': 'session=operator' });
  res.end(body);
}

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://operator');
  seen.push({ url: req.url ?? '', accept: req.headers.accept });
  const json = req.headers.accept === 'application/json';
  const type = json ? 'application/json' : 'application/xml';
  const user = url.searchParams.get('userKey');
  if (url.pathname === '/schema/Location')
    return answer(res, 200, 'application/xml', '<xs:schema from="operator"/>');
  if (url.pathname === '/iw/rest/location') {
    switch (user) {
      case 'good':
        return answer(
          res,
          200,
          type,
          encodeLocation({ msisdn: '35811111111', cell: DOCUMENTED_CELL }, json ? 'json' : 'xml'),
        );
      case 'pending':
        return answer(res, 403, 'text/plain', 'Forbidden');
      case 'slow':
        setTimeout(() => answer(res, 200, type, 'late'), 2000).unref();
        open.add(res);
        return;
      case 'stall':
        res.writeHead(200, { 'Content-Type': type });
        res.write('<?xml');
        open.add(res);
        return;
      case 'big':
        return answer(res, 200, type, 'x'.repeat(1024 * 1024 + 1));
      case 'redirect':
        res.writeHead(302, { Location: 'http://login.example/' });
        return void res.end();
      case 'busy':
        res.writeHead(429, { 'Retry-After': '7', 'Content-Type': 'text/plain' });
        return void res.end('slow down');
      default:
        return answer(res, 401, 'text/plain', 'Unauthorized');
    }
  }
  const cell = /^\/iw\/rest\/cell\/(\d+)\/(\d+)\/(\d+)$/.exec(url.pathname);
  if (cell !== null && cell[3] === '10038') {
    return answer(
      res,
      200,
      type,
      encodeCell({ ...DOCUMENTED_CELL, mnc: cell[2] ?? '' }, json ? 'json' : 'xml'),
    );
  }
  return answer(res, 404, 'text/plain', 'Not Found');
}

function listen(server: Server): Promise<number> {
  return new Promise((done) =>
    server.listen(0, '127.0.0.1', () => done((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  operator = createServer(handle);
  base = `http://127.0.0.1:${await listen(operator)}`;
  const closed = createServer();
  closedPort = await listen(closed);
  await new Promise((done) => closed.close(done));
});

afterAll(async () => {
  for (const res of open) res.destroy();
  operator.closeAllConnections();
  await new Promise((done) => operator.close(done));
});

function proxyApp(options: { timeoutMs?: number; schemaUrl?: string; baseUrl?: string } = {}) {
  return createApp({
    upstream: {
      baseUrl: options.baseUrl ?? `${base}/iw/rest`,
      timeoutMs: options.timeoutMs ?? 2000,
      schemaUrl: options.schemaUrl,
    },
  });
}

describe('proxy mode', () => {
  it.each(['xml', 'json'] as const)(
    'passes a %s Location answer through, with query and Accept',
    async (format) => {
      seen.length = 0;
      const { data, raw } = await clientOf(proxyApp(), format).getLocation({
        serviceKey: 's k',
        userKey: 'good',
      });
      expect(data).toEqual({ msisdn: '35811111111', cell: DOCUMENTED_CELL });
      expect(raw.contentType).toBe(`application/${format}`);
      expect(seen).toEqual([
        { url: '/iw/rest/location?serviceKey=s+k&userKey=good', accept: `application/${format}` },
      ]);
    },
  );

  it('passes a Cell answer through and keeps the path as asked', async () => {
    seen.length = 0;
    const { data } = await clientOf(proxyApp(), 'json').getCell(
      { serviceKey: 's', userKey: 'good' },
      { mcc: '244', mnc: '05', cellid: '10038' },
    );
    expect(data).toEqual({ ...DOCUMENTED_CELL, mnc: '05' });
    expect(seen[0]?.url).toBe('/iw/rest/cell/244/05/10038?serviceKey=s&userKey=good');
  });

  it('passes 401, 403 and 404 back, with only the headers it means to', async () => {
    const app = proxyApp();
    const unauthorized = await app.request('/api/location?serviceKey=s&userKey=nobody');
    expect(unauthorized.status).toBe(401);
    // Said in our own words: only XML and JSON are passed on as they came.
    expect(await unauthorized.text()).toContain(
      '<message>The operator answered 401 with text/plain, not XML or JSON: &quot;Unauthorized&quot;</message>',
    );
    expect(unauthorized.headers.get('set-cookie')).toBeNull();
    expect((await app.request('/api/location?serviceKey=s&userKey=pending')).status).toBe(403);
    expect((await app.request('/api/cell/244/91/1?serviceKey=s&userKey=good')).status).toBe(404);
    const busy = await app.request('/api/location?serviceKey=s&userKey=busy');
    expect(busy.status).toBe(429);
    expect(busy.headers.get('retry-after')).toBe('7');
  });

  it('checks the path before forwarding', async () => {
    seen.length = 0;
    const res = await proxyApp().request('/api/cell/244/abc/1?serviceKey=s&userKey=good', {
      headers: { Accept: 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(JSON.parse(await res.text()).error.field).toBe('mnc');
    expect(seen).toEqual([]);
  });

  it('answers 502 when the operator cannot be reached', async () => {
    const app = proxyApp({ baseUrl: `http://127.0.0.1:${closedPort}/iw/rest` });
    const error = await apiErrorOf(clientOf(app, 'json').getLocation({ serviceKey: 's', userKey: 'good' }));
    expect(error.status).toBe(502);
    expect(error.kind).toBe('server');
    expect(error.raw?.contentType).toBe('application/json; charset=utf-8');
    expect(error.detail).toMatch(/could not be reached/);
  });

  it('answers 504 when the operator is slow to answer or to finish', async () => {
    const app = proxyApp({ timeoutMs: 150 });
    for (const userKey of ['slow', 'stall']) {
      const started = Date.now();
      const error = await apiErrorOf(clientOf(app).getLocation({ serviceKey: 's', userKey }));
      expect(error.status).toBe(504);
      expect(error.kind).toBe('timeout');
      expect(Date.now() - started).toBeLessThan(1500);
    }
  });

  it('answers 502 for an answer over 1 MB', async () => {
    const res = await proxyApp().request('/api/location?serviceKey=s&userKey=big');
    expect(res.status).toBe(502);
    expect(await res.text()).toContain('upstream-too-large');
  });

  it('does not follow a redirect', async () => {
    seen.length = 0;
    const res = await proxyApp().request('/api/location?serviceKey=s&userKey=redirect');
    expect(res.status).toBe(502);
    expect(res.headers.get('location')).toBeNull();
    expect(await res.text()).toContain('upstream-redirect');
    expect(seen).toHaveLength(1);
  });

  it('serves the operator’s schema when POSITIONING_SCHEMA_URL is set, else its own', async () => {
    const theirs = await proxyApp({ schemaUrl: `${base}/schema` }).request('/api/schema/Location');
    expect(await theirs.text()).toBe('<xs:schema from="operator"/>');
    const ours = await proxyApp().request('/api/schema/Location');
    expect(await ours.text()).toBe(LOCATION_XSD);
    const missing = await proxyApp({ schemaUrl: `${base}/nothing` }).request('/api/schema/Location');
    expect(missing.status).toBe(502);
  });

  it('reports proxy mode and no demo keys', async () => {
    const app = proxyApp();
    expect(await (await app.request('/api/health')).json()).toEqual({ status: 'ok', mode: 'proxy' });
    const settings = await (await app.request('/api/settings')).json();
    expect(settings.mode).toBe('proxy');
    // The app gives a whole read the operator's timeout and 2 s.
    expect(settings.timeoutMs).toBe(2000);
    expect(settings).not.toHaveProperty('demoKeys');
  });

  it('answers 404 and 405 itself', async () => {
    const app = proxyApp();
    expect((await app.request('/api/other')).status).toBe(404);
    expect((await app.request('/api/location', { method: 'POST' })).status).toBe(405);
  });
});

describe('proxy over the network', () => {
  let service: Server;
  let url: string;
  beforeAll(async () => {
    const { getRequestListener } = await import('@hono/node-server');
    service = createServer(getRequestListener(proxyApp().fetch));
    url = `http://127.0.0.1:${await listen(service)}`;
  });
  afterAll(async () => {
    service.closeAllConnections();
    await new Promise((done) => service.close(done));
  });

  it('answers through a real socket', async () => {
    const { data } = await createClient({ baseUrl: `${url}/api` }).getLocation({
      serviceKey: 's',
      userKey: 'good',
    });
    expect(data.cell.name).toBe('Brändö');
  });
});
