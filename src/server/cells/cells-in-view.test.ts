import { join } from 'node:path';
import Database from '../store/sqlite/driver';
import { describe, expect, it } from 'vitest';
import { createClient } from '../../api/client';
import { XML_DECLARATION } from '../../api/codec';
import { ApiError } from '../../api/errors';
import { createApp } from '../app';
import { openDemoStore } from '../admin/demo-data';
import { keyHash } from '../store/key-hash';
import { tempDir } from '../testing/temp-dir';
import { demoStore } from '../testing/temp-stores';

const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const HELSINKI = 'bbox=24.8,60.1,25.1,60.3';
const JSON_ACCEPT = { headers: { Accept: 'application/json' } };

const dir = tempDir('cells-in-view');
const store = demoStore();
const app = createApp({ store, staticDir: null });

async function error(path: string, init?: RequestInit) {
  const res = await app.request(path, init ?? JSON_ACCEPT);
  return { status: res.status, body: (await res.json()) as { error: Record<string, string> } };
}

describe('GET /api/cells', () => {
  it('answers the cells inside the box, in JSON or in the document’s XML style', async () => {
    const json = await app.request(`/api/cells?${HELSINKI}&${KEYS}`, JSON_ACCEPT);
    expect(json.status).toBe(200);
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const { cells } = (await json.json()) as {
      cells: { truncated: string; limit: string; cell: Array<Record<string, string>> };
    };
    expect(cells.truncated).toBe('false');
    expect(cells.limit).toBe('1000');
    expect(cells.cell.length).toBeGreaterThan(3);
    expect(cells.cell.map((c) => c.name)).toContain('Helsinki Kamppi');
    for (const c of cells.cell) {
      expect(Number(c.lat)).toBeGreaterThanOrEqual(60.1);
      expect(Number(c.lon)).toBeLessThanOrEqual(25.1);
    }
    const xml = await (await app.request(`/api/cells?${HELSINKI}&${KEYS}`)).text();
    expect(
      xml.startsWith(
        `${XML_DECLARATION}\n<cells>\n    <truncated>false</truncated>\n    <limit>1000</limit>\n    <cell>\n        <lat>`,
      ),
    ).toBe(true);
  });

  it('narrows by mcc and mnc, and says when the limit cut the answer', async () => {
    const client = createClient({
      baseUrl: '/api',
      fetch: async (input, init) => app.request(String(input), init),
    });
    const keys = { serviceKey: 'demo-service', userKey: 'demo-user' };
    const finland = { west: 19, south: 59, east: 32, north: 71 };
    const mnc5 = await client.getCellsInView(keys, { bbox: finland, mcc: '244', mnc: '05' });
    expect(mnc5.data.cells.length).toBeGreaterThan(5);
    expect(mnc5.data.cells.every((c) => c.mcc === '244' && c.mnc === '5')).toBe(true);
    const cut = await client.getCellsInView(keys, { bbox: finland, limit: 10 }, { format: 'json' });
    expect(cut.data).toMatchObject({ truncated: true, limit: 10 });
    expect(cut.data.cells).toHaveLength(10);
    expect(cut.raw.url).toBe(`/api/cells?bbox=19%2C59%2C32%2C71&limit=10&serviceKey=•••&userKey=•••`);
    const all = await client.getCellsInView(keys, { bbox: finland });
    const lte = await client.getCellsInView(keys, { bbox: finland, radio: 'LTE' });
    expect(lte.data.cells.length).toBeGreaterThan(5);
    expect(lte.data.cells.length).toBeLessThan(all.data.cells.length);
    expect(lte.data.cells.every((c) => c.radio === 'LTE' && c.range !== undefined && c.range > 0)).toBe(true);
  });

  it('gives each cell’s radio and range where the store knows them, and filters by that radio', async () => {
    const file = join(dir, 'cells.db');
    const own = openDemoStore(file);
    try {
      own.addCell({ mcc: 244, mnc: 91, cellid: 777001, lac: 6001, lat: 65.01, lon: 25.47, name: 'Oulu LTE' });
      // As the importer writes them (records.ts RADIO_CODES: 3 is LTE), from another connection.
      const importer = new Database(file);
      importer.exec('UPDATE cells SET radio = 3, range = 1500 WHERE cellid = 777001');
      importer.close();
      const served = createApp({ store: own, staticDir: null });
      const client = createClient({
        baseUrl: '/api',
        fetch: async (input, init) => served.request(String(input), init),
      });
      const keys = { serviceKey: 'demo-service', userKey: 'demo-user' };
      const oulu = { west: 25.4, south: 64.9, east: 25.6, north: 65.1 };
      for (const format of ['xml', 'json'] as const) {
        const lte = await client.getCellsInView(keys, { bbox: oulu, radio: 'LTE' }, { format });
        expect(lte.data.cells).toContainEqual(
          expect.objectContaining({ name: 'Oulu LTE', radio: 'LTE', range: 1500 }),
        );
        expect(lte.data.cells.every((c) => c.radio === 'LTE')).toBe(true);
      }
      const gsm = await client.getCellsInView(keys, { bbox: oulu, radio: 'GSM' });
      expect(gsm.data.cells.map((c) => c.name)).not.toContain('Oulu LTE');
    } finally {
      own.close();
    }
  });

  it('a filtered view holding more cells than a read looks through: 400 zoom-in, saying to zoom in', async () => {
    // 681 demo cells, 125 of them NR; the service looks through at most 100 for a filter.
    const narrow = createApp({ store, staticDir: null, cellsInViewLookThrough: 100 });
    const world = `/api/cells?bbox=-180,-85,180,85&radio=NR&${KEYS}`;
    const json = await narrow.request(world, JSON_ACCEPT);
    expect(json.status).toBe(400);
    expect(((await json.json()) as { error: Record<string, string> }).error).toEqual({
      status: '400',
      code: 'zoom-in',
      field: 'bbox',
      message:
        'More than 100 cells lie in this view, too many to look through for the ones asked for: zoom in, or choose an operator (mcc and mnc).',
    });
    const xml = await narrow.request(world);
    expect(xml.headers.get('content-type')).toMatch(/^application\/xml/);
    expect(await xml.text()).toContain('<code>zoom-in</code>');
    // The same filter over a town is answered; an operator of few cells is answered world-wide.
    expect((await narrow.request(`/api/cells?${HELSINKI}&radio=NR&${KEYS}`)).status).toBe(200);
    const operator = await narrow.request(`/api/cells?bbox=-180,-85,180,85&mcc=244&mnc=12&radio=NR&${KEYS}`);
    expect(operator.status).toBe(200);
  });

  it('400 names the parameter, before the keys are looked at', async () => {
    const cases: Array<[string, string, RegExp]> = [
      ['', 'bbox', /missing/],
      ['bbox=NaN,1,2,3', 'bbox', /plain decimal/],
      ['bbox=1,60,2,59', 'bbox', /south edge/],
      ['bbox=1,2,200,3', 'bbox', /longitudes/],
      [`${HELSINKI}&${HELSINKI}`, 'bbox', /more than once/],
      [`${HELSINKI}&mnc=91`, 'mnc', /needs an mcc/],
      [`${HELSINKI}&radio=WIFI`, 'radio', /GSM/],
      [`${HELSINKI}&limit=100000`, 'limit', /1 to 10000/],
    ];
    for (const [query, field, message] of cases) {
      const { status, body } = await error(`/api/cells?${query}`);
      expect(status, query).toBe(400);
      expect(body.error).toMatchObject({ status: '400', code: 'bad-parameter', field });
      expect(body.error.message).toMatch(message);
    }
  });

  it('asks for keys as the two reads do: 401 missing or mismatched, 400 a key given twice', async () => {
    expect((await error(`/api/cells?${HELSINKI}`)).body.error).toMatchObject({
      status: '401',
      code: 'missing-keys',
    });
    expect((await error(`/api/cells?${HELSINKI}&serviceKey=demo-service&userKey=other-user`)).status).toBe(
      401,
    );
    expect((await error(`/api/cells?${HELSINKI}&${KEYS}&userKey=x`)).body.error).toMatchObject({
      status: '400',
      field: 'userKey',
    });
  });

  it('shares the rate limit of the two reads: one bucket per service key', async () => {
    const limited = createApp({ store, staticDir: null, rateLimit: { perSecond: 0.01, burst: 2 } });
    expect((await limited.request(`/api/cell/244/91/10038?${KEYS}`)).status).toBe(200);
    expect((await limited.request(`/api/cells?${HELSINKI}&${KEYS}`)).status).toBe(200);
    const third = await limited.request(`/api/cells?${HELSINKI}&${KEYS}`);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('405 with Allow for other methods; the client reads a 400 as a bad request naming the field', async () => {
    const post = await app.request(`/api/cells?${HELSINKI}&${KEYS}`, { method: 'POST' });
    expect(post.status).toBe(405);
    expect(post.headers.get('allow')).toContain('GET');
    const client = createClient({
      baseUrl: '/api',
      fetch: async (input, init) => app.request(String(input), init),
    });
    const failed = await client
      .getCellsInView(
        { serviceKey: 'demo-service', userKey: 'demo-user' },
        { bbox: { west: 1, south: 2, east: 3, north: 4 }, limit: 0 },
      )
      .catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(ApiError);
    expect(failed).toMatchObject({ kind: 'bad-request', field: 'limit' });
  });
});

describe('GET /api/cells and a database that changes', () => {
  it('refuses keys removed by another process at the very next read, as the two reads do', async () => {
    const file = join(dir, 'p.db');
    const own = openDemoStore(file);
    try {
      const live = createApp({ store: own, staticDir: null });
      expect((await live.request(`/api/cells?${HELSINKI}&${KEYS}`)).status).toBe(200);
      const other = new Database(file);
      other.prepare('DELETE FROM users WHERE key_hash = ?').run(keyHash('demo-user'));
      other.close();
      expect((await live.request(`/api/cells?${HELSINKI}&${KEYS}`)).status).toBe(401);
    } finally {
      own.close();
    }
  });
});
