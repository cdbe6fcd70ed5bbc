import { brotliDecompressSync } from 'node:zlib';
import { describe, expect, it, vi } from 'vitest';
import { createClient } from '../../../api/client';
import { XML_DECLARATION } from '../../../api/codec';
import { createApp } from '../../app';
import { demoStore } from '../../testing/temp-stores';

const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const FINLAND = 'bbox=19,59,32,71';
const JSON_ACCEPT = { headers: { Accept: 'application/json' } };

const store = demoStore();
const app = createApp({ store, staticDir: null });
const client = createClient({
  baseUrl: '/api',
  fetch: async (input, init) => app.request(String(input), init),
});
const keys = { serviceKey: 'demo-service', userKey: 'demo-user' };
const finland = { west: 19, south: 59, east: 32, north: 71 };

type JsonCounts = {
  counts: {
    zoom: string;
    total: string;
    limit: string;
    box: Record<string, string>;
    operator: Array<Record<string, string>>;
    square: Array<Record<string, string>>;
  };
};

describe('GET /api/cells with zoom: counts where the view holds more than the limit', () => {
  it('answers counts in JSON, every value a string, that add up to the total; cacheable for a minute', async () => {
    const res = await app.request(`/api/cells?${FINLAND}&zoom=5&limit=10&${KEYS}`, JSON_ACCEPT);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, max-age=60');
    const etag = res.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{22}"$/);
    const { counts } = (await res.json()) as JsonCounts;
    expect(counts.zoom).toBe('6');
    expect(counts.limit).toBe('10');
    expect(Object.keys(counts.box)).toEqual(['west', 'south', 'east', 'north']);
    const values = counts.square.flatMap((s) => Object.values(s));
    expect(values.every((v) => typeof v === 'string')).toBe(true);
    const sum = counts.square.reduce((n, s) => n + Number(s.count), 0);
    expect(sum).toBe(Number(counts.total));
    expect(sum).toBeGreaterThan(10);
    // The operators of the counted cells, what the app offers to filter by: as many cells as the squares.
    expect(counts.operator.length).toBeGreaterThan(1);
    expect(counts.operator.every((o) => Object.keys(o).join() === 'mcc,mnc,count')).toBe(true);
    expect(counts.operator.reduce((n, o) => n + Number(o.count), 0)).toBe(sum);
    // The same view again with its tag: nothing changed, nothing sent.
    const again = await app.request(`/api/cells?${FINLAND}&zoom=5&limit=10&${KEYS}`, {
      headers: { Accept: 'application/json', 'If-None-Match': etag ?? '' },
    });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('answers the same counts in XML, as the client reads them', async () => {
    const xml = await (await app.request(`/api/cells?${FINLAND}&zoom=5&limit=10&${KEYS}`)).text();
    expect(xml.startsWith(`${XML_DECLARATION}\n<counts>\n    <zoom>6</zoom>\n    <total>`)).toBe(true);
    expect(xml).toMatch(/<box>\s*<west>[-\d.]+<\/west>\s*<south>/);
    expect(xml).toMatch(/<square>\s*<x>\d+<\/x>\s*<y>\d+<\/y>\s*<count>\d+<\/count>\s*<lat>/);
    const fromXml = await client.getCellsInView(
      keys,
      { bbox: finland, zoom: 5, limit: 10 },
      { format: 'xml' },
    );
    const fromJson = await client.getCellsInView(
      keys,
      { bbox: finland, zoom: 5, limit: 10 },
      { format: 'json' },
    );
    expect(fromXml.data.counts).toEqual(fromJson.data.counts);
    expect(fromXml.data.cells).toEqual([]);
    const counts = fromXml.data.counts;
    expect(counts?.squares.reduce((n, s) => n + s.count, 0)).toBe(counts?.total);
    for (const s of counts?.squares ?? []) {
      expect(s.position.lat).toBeGreaterThanOrEqual(counts?.box.south ?? 90);
      expect(s.position.lat).toBeLessThanOrEqual(counts?.box.north ?? -90);
    }
  });

  it('narrows the counts by operator, and answers the cells themselves when few enough', async () => {
    const all = await client.getCellsInView(keys, { bbox: finland, zoom: 5, limit: 1 });
    const mnc5 = await client.getCellsInView(keys, {
      bbox: finland,
      zoom: 5,
      limit: 1,
      mcc: '244',
      mnc: '5',
    });
    expect(mnc5.data.counts?.total).toBeGreaterThan(1);
    expect(mnc5.data.counts?.total).toBeLessThan(all.data.counts?.total ?? 0);
    // The counts name the view's operators; narrowed to one, that one alone, with the counts' total.
    expect(all.data.counts?.operators).toContainEqual(expect.objectContaining({ mcc: '244', mnc: '5' }));
    expect(mnc5.data.counts?.operators).toEqual([{ mcc: '244', mnc: '5', count: mnc5.data.counts?.total }]);
    const cells = await client.getCellsInView(keys, { bbox: finland, zoom: 5, limit: 10_000 });
    expect(cells.data.counts).toBeUndefined();
    expect(cells.data.cells.length).toBe(all.data.counts?.total);
    expect(cells.data.truncated).toBe(false);
  });

  it('answers counts where a filtered view is too crowded to look through for its few matches', async () => {
    // 681 demo cells, 125 of them NR; the service looks through at most 100 for a filter (400 zoom-in without zoom).
    const narrow = createApp({ store, staticDir: null, cellsInViewLookThrough: 100 });
    const world = `/api/cells?bbox=-180,-85,180,85&radio=NR&${KEYS}`;
    expect((await narrow.request(world, JSON_ACCEPT)).status).toBe(400);
    const res = await narrow.request(`${world}&zoom=2&limit=1000`, JSON_ACCEPT);
    expect(res.status).toBe(200);
    const { counts } = (await res.json()) as JsonCounts;
    expect(counts.total).toBe('125');
  });

  it('keeps a counts answer by its squares until the data changes: asked again, the counts are not read', async () => {
    const own = demoStore();
    const counting = vi.spyOn(own, 'cellCounts');
    const fresh = createApp({ store: own, staticDir: null });
    const ask = async (bbox: string) =>
      (
        (await (
          await fresh.request(`/api/cells?bbox=${bbox}&zoom=5&limit=10&${KEYS}`, JSON_ACCEPT)
        ).json()) as JsonCounts
      ).counts;
    const first = await ask('19,59,32,71');
    // The same view, and one a little moved within the same squares: one read of the counts for both.
    expect(await ask('19,59,32,71')).toEqual(first);
    expect(await ask('19.01,59.01,31.99,70.99')).toEqual(first);
    expect(counting).toHaveBeenCalledTimes(1);
    // A cell written in Finland: the next answer counts it.
    await own.addCells([{ mcc: 244, mnc: 91, cellid: 99_999_999, lac: 1, lat: 61, lon: 25, name: 'New' }]);
    expect(Number((await ask('19,59,32,71')).total)).toBe(Number(first.total) + 1);
    expect(counting).toHaveBeenCalledTimes(2);
  });

  it('sends a kept counts answer compressed as the first time, tagged weakly, and 304 for that tag', async () => {
    const own = createApp({ store: demoStore(), staticDir: null });
    const ask = (headers: Record<string, string> = {}) =>
      own.request(`/api/cells?${FINLAND}&zoom=7&limit=10&${KEYS}`, {
        headers: { Accept: 'application/json', 'Accept-Encoding': 'br', ...headers },
      });
    const first = await ask();
    const again = await ask();
    expect(again.headers.get('content-encoding')).toBe('br');
    const bytes = Buffer.from(await first.arrayBuffer());
    expect(Buffer.from(await again.arrayBuffer()).equals(bytes)).toBe(true);
    const plain = await own.request(`/api/cells?${FINLAND}&zoom=7&limit=10&${KEYS}`, JSON_ACCEPT);
    expect(brotliDecompressSync(bytes).toString()).toBe(await plain.text());
    const tag = again.headers.get('etag') ?? '';
    expect(tag).toMatch(/^W\/"/);
    expect((await ask({ 'If-None-Match': tag })).status).toBe(304);
  });

  it('refuses a zoom that is not a map zoom, naming it', async () => {
    const res = await app.request(`/api/cells?${FINLAND}&zoom=23&${KEYS}`, JSON_ACCEPT);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: Record<string, string> };
    expect(body.error.field).toBe('zoom');
  });
});
