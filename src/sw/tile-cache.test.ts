import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const expiration = vi.hoisted(() => ({
  updateTimestamp: vi.fn(async () => undefined),
  expireEntries: vi.fn(async () => undefined),
  delete: vi.fn(async () => undefined),
}));
vi.mock('workbox-expiration', () => ({
  CacheExpiration: class {
    updateTimestamp = expiration.updateTimestamp;
    expireEntries = expiration.expireEntries;
    delete = expiration.delete;
  },
}));

const { keep, TILE_CACHE } = await import('./tile-cache');
const { STORED_AT_HEADER } = await import('./freshness');

const URL_ = 'https://tile.openstreetmap.org/6/36/17.png';
const tile = () => new Response('png', { headers: { 'Cache-Control': 'max-age=3600' } });
const deleteCache = vi.fn(async () => true);

beforeEach(() => {
  vi.stubGlobal('caches', { delete: deleteCache });
  for (const fn of [...Object.values(expiration), deleteCache]) fn.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

describe('keeping a tile', () => {
  it('stores it with the time it was stored, and keeps the cache within its bounds', async () => {
    const put = vi.fn(async () => undefined);
    await keep({ put } as unknown as Cache, URL_, tile(), 1234);
    const stored = (put.mock.calls[0] as unknown as [string, Response])[1];
    expect(stored.headers.get(STORED_AT_HEADER)).toBe('1234');
    expect(stored.headers.get('Cache-Control')).toBe('max-age=3600');
    expect(expiration.updateTimestamp).toHaveBeenCalledWith(URL_);
    expect(expiration.expireEntries).toHaveBeenCalled();
    expect(deleteCache).not.toHaveBeenCalled();
  });

  it('drops the whole tile cache when the browser has no room left, and goes on', async () => {
    const put = vi.fn(async () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    await expect(keep({ put } as unknown as Cache, URL_, tile(), 1234)).resolves.toBeUndefined();
    expect(deleteCache).toHaveBeenCalledWith(TILE_CACHE);
    expect(expiration.delete).toHaveBeenCalled();
  });

  it('passes any other failure on', async () => {
    const put = vi.fn(async () => {
      throw new TypeError('Failed to execute put');
    });
    await expect(keep({ put } as unknown as Cache, URL_, tile(), 1234)).rejects.toThrow(TypeError);
    expect(deleteCache).not.toHaveBeenCalled();
  });
});
