import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchCapped, openStream, textOf } from './outbound';
import { USER_AGENT } from './user-agent';

/* A real server on a real socket: what the service meets out there, stalls and lies included. */
type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const routes: Record<string, Handler> = {
  '/echo': (req, res, body) => {
    res.setHeader('Content-Type', 'application/json');
    res.end(
      JSON.stringify({ method: req.method, ua: req.headers['user-agent'], accept: req.headers.accept, body }),
    );
  },
  '/moved': (_req, res) => {
    res.writeHead(302, { Location: '/echo' });
    res.end();
  },
  '/big': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    const chunk = 'x'.repeat(16 * 1024);
    let sent = 0;
    const more = (): void => {
      while (sent < 64) {
        sent++;
        if (!res.write(chunk)) return void res.once('drain', more);
      }
      res.end();
    };
    more();
  },
  '/declared-big': (_req, res) => {
    res.writeHead(200, { 'Content-Length': String(10 * 1024 * 1024) });
    res.write('x');
  },
  '/silent': () => undefined,
  '/stall': (_req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/plain' });
    res.write('start');
  },
  '/cut': (req, res) => {
    res.writeHead(200, { 'Content-Length': '1000' });
    res.write('part', () => req.socket.destroy());
  },
};

let server: Server;
let base = '';
let closedPort = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => routes[new URL(req.url ?? '/', 'http://x').pathname]?.(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const ask = { timeoutMs: 2000, maxBytes: 64 * 1024 };

describe('fetchCapped', () => {
  it('sends the method, headers and body given, and the service’s User-Agent', async () => {
    const answer = await fetchCapped({
      ...ask,
      url: `${base}/echo`,
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"cell":1}',
    });
    if (!answer.ok) throw new Error(answer.detail);
    expect(answer.status).toBe(200);
    expect(JSON.parse(textOf(answer))).toEqual({
      method: 'POST',
      ua: USER_AGENT,
      accept: 'application/json',
      body: '{"cell":1}',
    });
    const own = await fetchCapped({ ...ask, url: `${base}/echo`, headers: { 'User-Agent': 'other/1' } });
    expect(own.ok && JSON.parse(textOf(own)).ua).toBe('other/1');
  });

  it('reads fetch’s answers when another Response class is the global one, as @hono/node-server makes it', async () => {
    const own = globalThis.Response;
    globalThis.Response = class extends own {} as typeof Response;
    try {
      const answer = await fetchCapped({ ...ask, url: `${base}/echo` });
      expect(answer.ok && JSON.parse(textOf(answer)).method).toBe('GET');
    } finally {
      globalThis.Response = own;
    }
  });

  it('refuses a redirect unless told to follow it', async () => {
    expect(await fetchCapped({ ...ask, url: `${base}/moved` })).toEqual({
      ok: false,
      failure: 'redirect',
      detail: 'answered with a redirect (HTTP 302)',
    });
    const followed = await fetchCapped({ ...ask, url: `${base}/moved`, redirect: 'follow' });
    expect(followed.ok && followed.status).toBe(200);
  });

  it('stops reading at maxBytes, and refuses a declared length over it unread', async () => {
    for (const path of ['/big', '/declared-big']) {
      expect(await fetchCapped({ ...ask, url: `${base}${path}` }), path).toEqual({
        ok: false,
        failure: 'too-large',
        detail: 'answer larger than 65536 bytes',
      });
    }
    const roomy = await fetchCapped({ ...ask, url: `${base}/big`, maxBytes: 1024 * 1024 });
    expect(roomy.ok && roomy.body.byteLength).toBe(1024 * 1024);
  });

  it('gives up at the deadline, before the headers or in the middle of the body', async () => {
    for (const path of ['/silent', '/stall']) {
      expect(await fetchCapped({ ...ask, timeoutMs: 100, url: `${base}${path}` }), path).toEqual({
        ok: false,
        failure: 'timeout',
        detail: 'no answer within 100 ms',
      });
    }
  });

  it('tells a caller that went away from a deadline, before and during the request', async () => {
    const gone = new AbortController();
    gone.abort();
    expect(await fetchCapped({ ...ask, url: `${base}/echo`, signal: gone.signal })).toMatchObject({
      failure: 'abandoned',
    });
    const leaving = new AbortController();
    const pending = fetchCapped({ ...ask, url: `${base}/silent`, signal: leaving.signal });
    leaving.abort();
    expect(await pending).toMatchObject({ failure: 'abandoned' });
  });

  it('names the network’s error: a closed port, a connection cut in the middle', async () => {
    const refused = await fetchCapped({ ...ask, url: `http://127.0.0.1:${closedPort}/` });
    expect(refused).toMatchObject({ ok: false, failure: 'unreachable' });
    expect(!refused.ok && refused.detail).toMatch(/^ECONNREFUSED: /);
    expect(await fetchCapped({ ...ask, url: `${base}/cut` })).toMatchObject({ ok: false, failure: 'broken' });
  });

  it('never says a secret, however the failure quotes the URL', async () => {
    const quoting: typeof fetch = (input) =>
      Promise.reject(new TypeError(`fetch failed for ${String(input)}`, { cause: new Error(String(input)) }));
    const answer = await fetchCapped({
      ...ask,
      url: `${base}/echo?key=s%C3%A9cret+1&token=abc`,
      secrets: ['sécret 1', 'abc'],
      fetch: quoting,
    });
    expect(answer).toMatchObject({ ok: false, failure: 'unreachable' });
    expect(!answer.ok && answer.detail).toBe(`${base}/echo?key=•••&token=•••`);
  });
});

describe('openStream', () => {
  it('gives the answer to read as it comes, the deadline holding only until the headers', async () => {
    const opened = await openStream({ url: `${base}/big`, timeoutMs: 2000 });
    if (!opened.ok) throw new Error(opened.detail);
    expect((await opened.response.arrayBuffer()).byteLength).toBe(1024 * 1024);
    expect(await openStream({ url: `${base}/silent`, timeoutMs: 100 })).toMatchObject({ failure: 'timeout' });
  });

  it('lets the caller cut the body off', async () => {
    const stop = new AbortController();
    const opened = await openStream({ url: `${base}/stall`, timeoutMs: 2000, signal: stop.signal });
    if (!opened.ok) throw new Error(opened.detail);
    const reader = opened.response.body!.getReader();
    await reader.read();
    stop.abort();
    await expect(reader.read()).rejects.toThrow();
  });
});
