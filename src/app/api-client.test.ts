import { afterEach, describe, expect, it, vi } from 'vitest';
import { BUILD_HEADER } from '../api/build';
import { createClient } from '../api/client';
import { ApiError } from '../api/errors';
import { DOCUMENTED_CELL_FIELDS } from '../api/fixtures/documented-cell';
import { appUpdate } from '../state/app-update';
import { checkedFetch } from './api-client';

const CELL_JSON = JSON.stringify({ cell: DOCUMENTED_CELL_FIELDS });

function answer(build: string | null): Response {
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (build !== null) headers.set(BUILD_HEADER, build);
  return new Response(CELL_JSON, { status: 200, headers });
}

function online(value: boolean): void {
  vi.stubGlobal('navigator', { onLine: value });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

const KEYS = { serviceKey: 's', userKey: 'u' };
const ID = { mcc: '244', mnc: '91', cellid: '10038' };

describe('the app’s reads', () => {
  it('send nothing while the browser is offline, and say so', async () => {
    online(false);
    const network = vi.fn();
    vi.stubGlobal('fetch', network);
    const client = createClient({ baseUrl: '/api', fetch: checkedFetch('abc') });
    const failure = await client.getCell(KEYS, ID).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).kind).toBe('offline');
    expect(network).not.toHaveBeenCalled();
  });

  it('read an answer of the same build, or of a service that does not say', async () => {
    online(true);
    for (const build of ['abc', null]) {
      vi.stubGlobal('fetch', () => Promise.resolve(answer(build)));
      const client = createClient({ baseUrl: '/api', fetch: checkedFetch('abc') });
      expect((await client.getCell(KEYS, ID)).data.name).toBe('Brändö');
    }
    expect(appUpdate.get().outdated).toBe(false);
  });

  it('refuse an answer of a service of another build, and mark the page outdated', async () => {
    online(true);
    vi.stubGlobal('fetch', () => Promise.resolve(answer('newer')));
    const client = createClient({ baseUrl: '/api', fetch: checkedFetch('abc') });
    const failure = await client.getCell(KEYS, ID).catch((error: unknown) => error);
    expect((failure as ApiError).kind).toBe('outdated');
    expect(appUpdate.get().outdated).toBe(true);
  });
});
