import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeCell } from '../../../api/codec';
import { DOCUMENTED_CELL } from '../../../api/fixtures/documented-cell';
import { createApp } from '../../app';

/* Proxy mode passes on only XML and JSON: an operator (or anyone on an http:// path to it) that answers HTML,
   SVG or a script must not get it served from the app's own origin, where the stored keys are. */
const SCRIPT = '<script>document.title = "owned " + localStorage.length</script>';
const ANSWERS: Record<string, { status: number; type: string | null; body: string; headers?: object }> = {
  html: { status: 200, type: 'text/html', body: `<!doctype html><html><body>${SCRIPT}</body></html>` },
  svg: {
    status: 200,
    type: 'image/svg+xml',
    body: `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>`,
  },
  js: { status: 200, type: 'text/javascript', body: 'alert(localStorage.length)' },
  xhtml: {
    status: 200,
    type: 'application/xhtml+xml',
    body: `<html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`,
  },
  untyped: { status: 200, type: null, body: SCRIPT },
  merged: { status: 200, type: 'application/json, text/html', body: SCRIPT },
  xml: { status: 200, type: 'application/xml;charset=UTF-8', body: encodeCell(DOCUMENTED_CELL, 'xml') },
  textXml: { status: 200, type: 'text/xml', body: encodeCell(DOCUMENTED_CELL, 'xml') },
  json: { status: 200, type: 'application/json', body: encodeCell(DOCUMENTED_CELL, 'json') },
  plain500: {
    status: 500,
    type: 'text/plain',
    body: 'Internal Server Error:\u0001 database connection lost',
  },
  html503: { status: 503, type: 'text/html', body: `<h1>Maintenance</h1>${SCRIPT}` },
  busy: { status: 429, type: 'text/plain', body: 'slow down', headers: { 'Retry-After': '7' } },
  badRetry: { status: 429, type: 'text/plain', body: 'slow down', headers: { 'Retry-After': 'soon; x' } },
};

let operator: Server;
let base: string;

function handle(req: IncomingMessage, res: ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://operator');
  const name = url.pathname.startsWith('/schema/')
    ? (url.pathname.split('/')[2] ?? '')
    : (url.searchParams.get('userKey') ?? '');
  const answer = ANSWERS[name] ?? { status: 404, type: 'text/plain', body: 'Not Found' };
  res.writeHead(answer.status, {
    ...(answer.type !== null && { 'Content-Type': answer.type }),
    ...answer.headers,
  });
  res.end(answer.body);
}

beforeAll(async () => {
  operator = createServer(handle);
  await new Promise<void>((done) => operator.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(operator.address() as AddressInfo).port}`;
});
afterAll(async () => {
  operator.closeAllConnections();
  await new Promise((done) => operator.close(done));
});

const app = (schema?: string) =>
  createApp({
    upstream: {
      baseUrl: `${base}/rest`,
      timeoutMs: 2000,
      ...(schema !== undefined && { schemaUrl: schema }),
    },
    staticDir: null,
  });

const read = (userKey: string, accept = 'application/json') =>
  app().request(`/api/cell/244/91/10038?serviceKey=s&userKey=${userKey}`, { headers: { Accept: accept } });

const API_CSP = /^default-src 'none'; .*frame-ancestors 'none'; sandbox$/;

describe('proxy mode passes on only XML and JSON', () => {
  it.each(['html', 'svg', 'js', 'xhtml', 'untyped', 'merged'])(
    'a 200 answered as %s is a 502 in our own words, none of it passed on',
    async (name) => {
      for (const accept of ['application/json', 'application/xml']) {
        const res = await read(name, accept);
        expect(res.status).toBe(502);
        expect(res.headers.get('content-type')).toBe(`${accept}; charset=utf-8`);
        const body = await res.text();
        expect(body).toContain('upstream-content-type');
        expect(body).toMatch(/not XML or JSON/);
        expect(body).not.toMatch(/<script|alert|localStorage/);
      }
    },
  );

  it('passes XML and JSON on, with a content type rebuilt from its parts', async () => {
    const xml = await read('xml', 'application/xml');
    expect([xml.status, xml.headers.get('content-type')]).toEqual([200, 'application/xml; charset=utf-8']);
    expect(await xml.text()).toContain('<name>Brändö</name>');
    const textXml = await read('textXml', 'application/xml');
    expect(textXml.headers.get('content-type')).toBe('text/xml');
    const json = await read('json');
    expect([json.status, json.headers.get('content-type')]).toEqual([200, 'application/json']);
  });

  it('keeps an operator’s error status, but says it in our own body', async () => {
    const failed = await read('plain500');
    expect(failed.status).toBe(500);
    expect(failed.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const error = ((await failed.json()) as { error: { code: string; message: string } }).error;
    expect(error.code).toBe('upstream-error');
    expect(error.message).toBe(
      'The operator answered 500 with text/plain, not XML or JSON: "Internal Server Error: database connection lost"',
    );
    const down = await read('html503', 'application/xml');
    expect(down.status).toBe(503);
    const body = await down.text();
    expect(body).toContain('The operator answered 503 with text/html, not XML or JSON.');
    expect(body).not.toMatch(/script|Maintenance/);
    const busy = await read('busy');
    expect([busy.status, busy.headers.get('retry-after')]).toEqual([429, '7']);
    const badRetry = await read('badRetry');
    expect([badRetry.status, badRetry.headers.get('retry-after')]).toEqual([429, null]);
  });

  it('serves the operator’s schema only when it is XML', async () => {
    const xml = await app(`${base}/schema/xml`).request('/api/schema/Location');
    expect(xml.status).toBe(200);
    expect(xml.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    for (const name of ['html', 'svg', 'json']) {
      const res = await app(`${base}/schema/${name}`).request('/api/schema/Location');
      expect([name, res.status]).toEqual([name, 502]);
      expect(await res.text()).not.toMatch(/<script|<svg|alert/);
    }
  });

  it('gives every /api answer a policy that runs nothing, and the pages theirs', async () => {
    const proxy = app(`${base}/schema/xml`);
    const answers = await Promise.all([
      read('xml'),
      read('html'),
      read('plain500'),
      proxy.request('/api/schema/Location'),
      proxy.request('/api/health'),
      proxy.request('/api/settings'),
      proxy.request('/api/nothing'),
      proxy.request('/api'),
      proxy.request('/api/location', { method: 'POST' }),
    ]);
    for (const res of answers) {
      expect(res.headers.get('content-security-policy')).toMatch(API_CSP);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const page = await proxy.request('/');
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
  });
});
