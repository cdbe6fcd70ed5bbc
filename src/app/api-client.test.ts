import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_HEADER } from '../api/build';
import { createClient } from '../api/client';
import { ApiError } from '../api/errors';
import { DOCUMENTED_CELL_FIELDS } from '../api/fixtures/documented-cell';
import { shouldRetry } from '../queries/read-policy';
import { appUpdate } from '../state/app-update';
import { createConnection, type Connection } from '../state/online';
import { checkedFetch } from './api-client';

const CELL_JSON = JSON.stringify({ cell: DOCUMENTED_CELL_FIELDS });

function answer(build: string | null): Response {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (build !== null) headers.set(BUILD_HEADER, build);
  return new Response(CELL_JSON, { status: 200, headers });
}

/** A connection as the browser would say it, and a check of it that fails until it is told to pass. */
function connectionSaying(online: boolean): { connection: Connection; check: () => Promise<void> } {
  const connection = createConnection({ browserOnline: () => online });
  return { connection, check: () => Promise.reject(new TypeError('Failed to fetch')) };
}

function client(online = true, build = 'abc') {
  const { connection, check } = connectionSaying(online);
  return {
    connection,
    client: createClient({ baseUrl: '/api', fetch: checkedFetch(build, connection, check) }),
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const KEYS = { serviceKey: 's', userKey: 'u' };
const ID = { mcc: '244', mnc: '91', cellid: '10038' };

describe('the app’s reads', () => {
  it('send nothing while the browser is offline, and say so', async () => {
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    const failure = await client(false)
      .client.getCell(KEYS, ID)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('offline');
    expect(network).not.toHaveBeenCalled();
  });

  it('read an answer of the same build, or of a service that does not say', async () => {
    for (const build of ['abc', null]) {
      vi.stubGlobal('fetch', () => Promise.resolve(answer(build)));
      expect((await client().client.getCell(KEYS, ID)).data.name).toBe('Brändö');
    }
    expect(appUpdate.get().outdated).toBe(false);
  });

  it('refuse an answer of a service of another build, and mark the page outdated', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve(answer('newer')));
    const failure = await client()
      .client.getCell(KEYS, ID)
      .catch((error: unknown) => error);
    expect((failure as ApiError).kind).toBe('outdated');
    expect(appUpdate.get().outdated).toBe(true);
  });

  it('are offline once a fetch is refused for want of a network, and send nothing until a check passes', async () => {
    const network = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', network);
    const { connection, client: reads } = client();
    const first = await reads.getCell(KEYS, ID).catch((error: unknown) => error);
    expect((first as ApiError).kind).toBe('network');
    expect(connection.get()).toBe(false);
    const second = await reads.getCell(KEYS, ID).catch((error: unknown) => error);
    expect((second as ApiError).kind).toBe('offline');
    expect(network).toHaveBeenCalledTimes(1);
    connection.reached();
    vi.stubGlobal('fetch', () => Promise.resolve(answer('abc')));
    expect((await reads.getCell(KEYS, ID)).data.name).toBe('Brändö');
  });

  it('are online after any answer, an HTTP error too: the service was reached', async () => {
    const { connection, client: reads } = client();
    connection.unreached(() => Promise.reject(new TypeError('Failed to fetch')));
    connection.reached();
    vi.stubGlobal('fetch', () => Promise.resolve(new Response('', { status: 503 })));
    const failure = await reads.getCell(KEYS, ID).catch((error: unknown) => error);
    expect((failure as ApiError).kind).toBe('server');
    expect(connection.get()).toBe(true);
  });

  it('stay online when a read is cut short by its caller or its time', async () => {
    vi.stubGlobal('fetch', (_input: unknown, init?: RequestInit) => {
      const signal = init?.signal;
      return new Promise((_resolve, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason as Error)),
      );
    });
    const { connection, client: reads } = client();
    const controller = new AbortController();
    const read = reads.getCell(KEYS, ID, { signal: controller.signal }).catch((error: unknown) => error);
    controller.abort();
    expect(await read).toBeInstanceOf(DOMException);
    expect(connection.get()).toBe(true);
  });

  it('refuse keys no header can carry as unsendable: nothing sent, still online, no retry', async () => {
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    const { connection } = connectionSaying(true);
    const reads = createClient({
      baseUrl: '/api',
      keysIn: 'headers',
      fetch: checkedFetch('abc', connection, () => Promise.resolve()),
    });
    for (const userKey of ['demo-user\u200b', 'demo-user😀']) {
      const failure = await reads.getCell({ ...KEYS, userKey }, ID).catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect((failure as ApiError).kind).toBe('unsendable');
      expect((failure as ApiError).field).toBe('userKey');
      expect(shouldRetry(0, failure)).toBe(false);
    }
    expect(network).not.toHaveBeenCalled();
    expect(connection.get()).toBe(true);
  });
});
