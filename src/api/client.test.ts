import { describe, expect, it } from 'vitest';
import { createClient } from './client';
import { maskKeys } from './request-address';
import { encodeCell, encodeError, encodeLocation } from './codec';
import { ApiError, parseRetryAfter } from './errors';
import { DOCUMENTED_CELL as cell } from './fixtures/documented-cell';
import { DEFAULT_SETTINGS } from './settings';
import type { Keys } from './types';

const keys: Keys = { serviceKey: 'svc secret&1', userKey: 'usr/secret' };

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function clientWith(handler: Handler, timeoutMs = 1000) {
  const seen: Array<{ url: URL; accept: string | null }> = [];
  const fetchFn = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input), 'http://test.invalid');
    seen.push({ url, accept: new Headers(init.headers).get('accept') });
    return handler(url, init);
  };
  return {
    client: createClient({ baseUrl: 'http://svc.test/api/', fetch: fetchFn, timeoutMs, maxBodyBytes: 4096 }),
    seen,
  };
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect(apiError.message).not.toContain('secret');
    expect(apiError.raw?.url ?? '').not.toContain('secret');
    return apiError;
  }
  throw new Error('expected the read to fail');
}

describe('the client, keys in headers', () => {
  it('sends the keys as X-Service-Key and X-User-Key, never in the URL, hints still in the query', async () => {
    const seen: Array<{ url: string; headers: Headers }> = [];
    const client = createClient({
      baseUrl: 'http://svc.test/api',
      keysIn: 'headers',
      fetch: (input, init = {}) => {
        seen.push({ url: String(input), headers: new Headers(init.headers) });
        return Promise.resolve(new Response('', { status: 404 }));
      },
    });
    const error = await failure(
      client.getCell(keys, { mcc: '244', mnc: '91', cellid: '10038' }, { hints: { lac: '7' } }),
    );
    await client.getLocation(keys).catch(() => undefined);
    await client
      .getCellsInView(keys, { bbox: { west: 20, south: 60, east: 21, north: 61 } })
      .catch(() => undefined);
    expect(seen.map((request) => request.url)).toEqual([
      'http://svc.test/api/cell/244/91/10038?lac=7',
      'http://svc.test/api/location',
      'http://svc.test/api/cells?bbox=20%2C60%2C21%2C61',
    ]);
    for (const { headers } of seen) {
      expect(headers.get('x-service-key')).toBe(keys.serviceKey);
      expect(headers.get('x-user-key')).toBe(keys.userKey);
    }
    expect(error.raw?.url).toBe('http://svc.test/api/cell/244/91/10038?lac=7');
  });
});

describe('the client', () => {
  it('sends keys as query parameters and asks for the chosen format', async () => {
    const { client, seen } = clientWith(
      (_url, init) =>
        new Response(
          encodeCell(cell, new Headers(init.headers).get('accept') === 'application/json' ? 'json' : 'xml'),
          {
            headers: { 'content-type': 'application/xml' },
          },
        ),
    );
    const answer = await client.getCell(keys, { mcc: '244', mnc: '91', cellid: '10038' });
    expect(answer.data).toEqual(cell);
    expect(seen[0]?.url.pathname).toBe('/api/cell/244/91/10038');
    expect(seen[0]?.url.searchParams.get('serviceKey')).toBe(keys.serviceKey);
    expect(seen[0]?.url.searchParams.get('userKey')).toBe(keys.userKey);
    expect(seen[0]?.accept).toBe('application/xml');
    expect(answer.raw).toMatchObject({ status: 200, contentType: 'application/xml', truncated: false });
    expect(answer.raw.url).toBe('http://svc.test/api/cell/244/91/10038?serviceKey=•••&userKey=•••');

    await client.getLocation(keys, { format: 'json' }).catch(() => undefined);
    expect(seen[1]?.accept).toBe('application/json');
    expect(seen[1]?.url.pathname).toBe('/api/location');
  });

  it('reads the settings as JSON, without keys, at the URL index.html preloads', async () => {
    const { client, seen } = clientWith(
      () =>
        new Response(JSON.stringify({ mode: 'demo', tileUrl: 'https://tiles.example/{z}/{x}/{y}.png' }), {
          headers: { 'content-type': 'application/json' },
        }),
    );
    const answer = await client.getSettings();
    expect(answer.data).toEqual({
      ...DEFAULT_SETTINGS,
      mode: 'demo',
      tileUrl: 'https://tiles.example/{z}/{x}/{y}.png',
    });
    expect(seen[0]?.accept).toBe('application/json');
    expect(seen[0]?.url.href).toBe('http://svc.test/api/settings');
  });

  it('reports settings that are not JSON as malformed', async () => {
    const { client } = clientWith(
      () => new Response('<html></html>', { headers: { 'content-type': 'text/html' } }),
    );
    expect((await failure(client.getSettings())).kind).toBe('malformed');
  });

  it('decodes a Location answer in JSON', async () => {
    const { client } = clientWith(
      () =>
        new Response(encodeLocation({ msisdn: '358401234567', state: 'Idle', cell }, 'json'), {
          headers: { 'content-type': 'application/json; charset=utf-8' },
        }),
    );
    const answer = await client.getLocation(keys, { format: 'json' });
    expect(answer.data).toEqual({ msisdn: '358401234567', state: 'Idle', cell });
  });

  it.each([
    [400, 'bad-request'],
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [405, 'bad-request'],
    [429, 'rate-limited'],
    [500, 'server'],
    [502, 'server'],
    [503, 'server'],
    [504, 'timeout'],
  ])('maps status %i to %s and keeps the raw answer', async (status, kind) => {
    const body = encodeError(status, String(kind), 'cellid must be 0–68719476735.', 'xml', 'cellid');
    const { client } = clientWith(
      () =>
        new Response(body, { status, headers: { 'content-type': 'application/xml', 'retry-after': '7' } }),
    );
    const error = await failure(client.getCell(keys, { mcc: '244', mnc: '91', cellid: '1' }));
    expect(error.kind).toBe(kind);
    expect(error.status).toBe(status);
    expect(error.raw).toMatchObject({ status, body });
    expect(error.detail).toBe('cellid must be 0–68719476735.');
    expect(error.field).toBe('cellid');
    if (kind === 'rate-limited') expect(error.retryAfterSeconds).toBe(7);
  });

  it('reads an error status with an HTML or empty body without failing to explain it', async () => {
    const { client } = clientWith(() => new Response('<html><h1>Bad Gateway</h1></html>', { status: 502 }));
    const error = await failure(client.getLocation(keys));
    expect(error.kind).toBe('server');
    expect(error.detail).toBeUndefined();
    expect(error.raw?.body).toContain('Bad Gateway');
  });

  it('reports a 200 with garbage as malformed, naming the field, with the raw body', async () => {
    const { client } = clientWith(
      () =>
        new Response('<cell><lat>x</lat></cell>', {
          status: 200,
          headers: { 'content-type': 'application/xml' },
        }),
    );
    const error = await failure(client.getCell(keys, { mcc: '244', mnc: '91', cellid: '1' }));
    expect(error.kind).toBe('malformed');
    expect(error.field).toBe('cell.lat');
    expect(error.raw?.body).toBe('<cell><lat>x</lat></cell>');
  });

  it('stops reading an oversized answer at the cap', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
        if (pulled > 10_000) controller.close();
      },
    });
    const { client } = clientWith(
      () => new Response(stream, { headers: { 'content-type': 'application/xml' } }),
    );
    const error = await failure(client.getLocation(keys));
    expect(error.kind).toBe('malformed');
    expect(error.raw?.truncated).toBe(true);
    expect(pulled).toBeLessThan(20);
  });

  it('stops at the cap however small the answer says it is when it comes compressed', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(1024).fill(0x20));
        if (pulled > 10_000) controller.close();
      },
    });
    const headers = {
      'content-type': 'application/xml',
      'content-length': '100',
      'content-encoding': 'gzip',
    };
    const { client } = clientWith(() => new Response(stream, { headers }));
    const error = await failure(client.getLocation(keys));
    expect(error.raw?.truncated).toBe(true);
    expect(pulled).toBeLessThan(20);
  });

  it('reads an answer whose length fits the cap whole, as the reader would', async () => {
    const body = encodeCell(cell, 'xml');
    const length = String(new TextEncoder().encode(body).byteLength);
    const { client } = clientWith(
      () => new Response(body, { headers: { 'content-type': 'application/xml', 'content-length': length } }),
    );
    const answer = await client.getCell(keys, cell);
    expect(answer.data).toEqual(cell);
    expect(answer.raw).toMatchObject({ body, truncated: false });
  });

  it('reports an unreachable service as network', async () => {
    const { client } = clientWith(() => {
      throw new TypeError('fetch failed');
    });
    expect((await failure(client.getLocation(keys))).kind).toBe('network');
  });

  it('reports a connection dropped mid-answer as network', async () => {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('<location><msisdn>35'));
        controller.error(new TypeError('terminated'));
      },
    });
    const { client } = clientWith(
      () => new Response(stream, { headers: { 'content-type': 'application/xml' } }),
    );
    expect((await failure(client.getLocation(keys))).kind).toBe('network');
  });

  it('gives up after the timeout', async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
      50,
    );
    expect((await failure(client.getLocation(keys))).kind).toBe('timeout');
  });

  it("rejects with the caller's abort reason, not an ApiError, when the caller aborts", async () => {
    const { client } = clientWith(
      (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(init.signal?.reason));
        }),
    );
    const controller = new AbortController();
    const pending = client.getLocation(keys, { signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('helpers', () => {
  it('masks keys in URLs', () => {
    expect(maskKeys('/api/location?serviceKey=abc&userKey=def')).toBe(
      '/api/location?serviceKey=•••&userKey=•••',
    );
  });

  it('reads Retry-After as seconds or a date, and refuses nonsense', () => {
    expect(parseRetryAfter('12')).toBe(12);
    expect(
      parseRetryAfter(new Date(Date.UTC(2030, 0, 1, 0, 0, 30)).toUTCString(), Date.UTC(2030, 0, 1)),
    ).toBe(30);
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('99999999999')).toBeUndefined();
    expect(parseRetryAfter('9999999')).toBe(86_400);
  });
});
