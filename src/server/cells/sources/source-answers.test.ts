import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../../scripts/stand-in-sources';
import { GEOLOCATE_CASES } from '../../../../scripts/stand-ins/geolocate';
import { OPENCELLID_CASES, OPENCELLID_CELLS, OPENCELLID_KEY } from '../../../../scripts/stand-ins/opencellid';
import { decodeErrorBody, type ErrorBody } from '../../../api/codec';
import { createApp } from '../../app';
import Database from '../../store/sqlite/driver';
import { tempStores } from '../../testing/temp-stores';
import type { Store } from '../../store/sqlite/open';
import type { SourceName } from './cell-source';

/* What a live source says is checked, field by field, before it is used or kept (issue 23, items 2, 4 and 7): the
   stand-ins' traps answer with one field no real answer could hold, and each must be a 502 naming the source and
   the field, asked again next time rather than answered from the cache. */
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const OTHER_KEYS = 'serviceKey=acme-service&userKey=acme-user';
let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(() => standIns.close());
const stores = tempStores('source-answers');
let files = 0;

interface Service {
  get(path: string, accept?: string): Promise<Response>;
  log: string[];
  store: Store;
  file: string;
}

function service(
  names: SourceName[] = ['store', 'opencellid', 'geolocate'],
  { perMinute = 0, file = join(stores.dir, `db-${++files}.db`) } = {},
): Service {
  const store = stores.open(file);
  const log: string[] = [];
  const app = createApp({
    store,
    staticDir: null,
    log: (line) => log.push(line),
    ...(perMinute > 0 && { sourceBudget: { perMinute } }),
    cells: {
      sources: {
        names,
        timeoutMs: 2000,
        cacheDays: 7,
        opencellid: { url: standIns.openCellidUrl, key: OPENCELLID_KEY },
        geolocate: { url: standIns.geolocateUrl },
      },
      cache: store.cellCache({ foundSeconds: 7 * 86_400, notFoundSeconds: 86_400 }),
    },
  });
  return {
    get: (path, accept) =>
      Promise.resolve(app.request(path, accept === undefined ? {} : { headers: { Accept: accept } })),
    log,
    store,
    file,
  };
}

const asked = (cellid: number): { opencellid: number; geolocate: number } => ({
  opencellid: standIns.requests.filter((r) => r.source === 'opencellid' && r.cellid === cellid).length,
  geolocate: standIns.requests.filter((r) => r.source === 'geolocate' && r.cellid === cellid).length,
});

async function errorOf(response: Response): Promise<{ status: number } & ErrorBody> {
  const body = decodeErrorBody(await response.text(), response.headers.get('content-type'));
  return { status: response.status, ...body };
}

/** A second developer, with the service key and user key of OTHER_KEYS. */
function addOtherUser(store: Store): void {
  store.addDeveloper('Acme');
  store.issueServiceKey('Acme', 'acme-service');
  store.registerUser('Acme', '358401111111', { key: 'acme-user', smsReplied: true });
}

/** Writes into the database as another program (an older version of the service) would have. */
function writeRaw(file: string, sql: string, ...values: unknown[]): void {
  const db = new Database(file);
  try {
    db.prepare(sql).run(...values);
  } finally {
    db.close();
  }
}

describe("a live source's answer is checked before it is used or kept", () => {
  const C = OPENCELLID_CASES;
  it.each<[string, number, string]>([
    ['a lat of 123.4', C.outOfRange, 'lat'],
    ['updated 1e20', C.updatedFar, 'updated'],
    ['lac 1.5', C.lacFraction, 'lac'],
    ['lac 1e300', C.lacHuge, 'lac'],
    ['range 1e10', C.rangeHuge, 'range'],
    ['another LAC than the one asked', C.otherLac, 'lac'],
    ["another country's cell", C.otherMcc, 'mcc'],
    ['samples in words', C.samplesText, 'samples'],
    ['another radio than the one asked', C.otherRadio, 'radio'],
  ])('OpenCelliD answering %s: a 502 naming it and the field, never kept', async (_what, cellid, field) => {
    const { get, log } = service(['store', 'opencellid']);
    const path = `/api/cell/244/91/${cellid}?${KEYS}&lac=6001&radio=LTE`;
    const first = await errorOf(await get(path));
    expect(first).toEqual({
      status: 502,
      code: 'source-unreadable',
      message: `The answer of OpenCelliD could not be used: its ${field} is not a value it can have.`,
      field,
    });
    expect(log.some((line) => line.startsWith(`cell source opencellid unreadable: its ${field} `))).toBe(
      true,
    );
    expect((await get(path)).status).toBe(502);
    expect(asked(cellid).opencellid).toBe(2);
  });

  it.each<[string, number, string]>([
    ['an accuracy of 1e10 m', GEOLOCATE_CASES.accuracyHuge, 'accuracy'],
    ['a latitude in words', GEOLOCATE_CASES.latText, 'location.lat'],
  ])(
    'the geolocation service answering %s: a 502 naming the field, never kept',
    async (_what, cellid, field) => {
      const { get } = service(['store', 'geolocate']);
      const path = `/api/cell/244/91/${cellid}?${KEYS}&lac=6001&radio=LTE`;
      expect(await errorOf(await get(path))).toMatchObject({ status: 502, code: 'source-unreadable', field });
      await get(path);
      expect(asked(cellid).geolocate).toBe(2);
    },
  );

  it('asks again, never answers 500, when a kept answer is bad (kept by an older version)', async () => {
    const { get, file, log } = service(['store', 'opencellid']);
    const cell = OPENCELLID_CELLS.helsinki;
    const now = Math.floor(Date.now() / 1000);
    writeRaw(
      file,
      `INSERT INTO cell_answers (source, mcc, mnc, cellid, lac, radio, found, lat, lon, name, range, samples, updated,
         asked_at) VALUES ('opencellid', 244, 91, ?, 6001, 'LTE', 1, 60.1, 24.9, 'Helsinki', 1200, 37, 1e20, ?)`,
      cell.cellid,
      now - 60,
    );
    const before = asked(cell.cellid).opencellid;
    const path = `/api/cell/244/91/${cell.cellid}?${KEYS}&lac=6001&radio=LTE`;
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('opencellid');
    expect(response.headers.get('age')).toBeNull();
    expect(asked(cell.cellid).opencellid).toBe(before + 1);
    expect(log.some((line) => /kept answer .* is refused \(its updated /.test(line))).toBe(true);
    // The fresh answer took the bad one's place: the next read is answered from the cache.
    expect((await get(path)).status).toBe(200);
    expect(asked(cell.cellid).opencellid).toBe(before + 1);
  });

  it("answers a row of the service's own database with a time no date can hold, without that time, never 500", async () => {
    const { get, file } = service(['store', 'opencellid']);
    const cell = OPENCELLID_CELLS.helsinki;
    writeRaw(
      file,
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, updated) VALUES
         (244, 91, ?, 6001, 60.1, 24.9, 'Helsinki', 3, 1e20)`,
      cell.cellid,
    );
    const response = await get(`/api/cell/244/91/${cell.cellid}?${KEYS}&lac=6001&radio=LTE`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('store');
    expect(response.headers.get('cell-updated')).toBeNull();
    expect(response.headers.get('cell-samples')).toBe('3');
  });
});

describe('a question without a LAC', () => {
  it("is never answered from the LAC another user asked: the live sources' kept answers need the same LAC", async () => {
    const { get, store } = service(['store', 'opencellid']);
    addOtherUser(store);
    const cell = OPENCELLID_CELLS.turku;
    expect((await get(`/api/cell/244/91/${cell.cellid}?${OTHER_KEYS}&lac=6001`)).status).toBe(200);
    const without = await get(`/api/cell/244/91/${cell.cellid}?${KEYS}`);
    expect(await errorOf(without)).toMatchObject({ status: 404, code: 'unknown-cell', field: 'lac' });
    expect(asked(cell.cellid).opencellid).toBe(1);
    const withLac = await get(`/api/cell/244/91/${cell.cellid}?${KEYS}&lac=6001`);
    expect(withLac.status).toBe(200);
    expect(withLac.headers.get('age')).not.toBeNull();
  });
});

describe('what one service key may cost the live sources', () => {
  it('is its own limit: 429 with Retry-After once the budget is spent, per service key, cached answers free', async () => {
    const { get, store } = service(['store', 'opencellid'], { perMinute: 2 });
    addOtherUser(store);
    const cellid = 9_100_001;
    const lookUp = (lac: number, keys = KEYS) => get(`/api/cell/244/91/${cellid}?${keys}&lac=${lac}`);
    expect((await lookUp(1)).status).toBe(404);
    expect((await lookUp(2)).status).toBe(404);
    const spent = await lookUp(3);
    expect(await errorOf(spent)).toMatchObject({ status: 429, code: 'source-budget' });
    expect(Number(spent.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(asked(cellid).opencellid).toBe(2);
    // "Not found" is kept: asking it again costs nothing and answers as before.
    expect((await lookUp(1)).status).toBe(404);
    // A question a live source cannot take (no LAC) costs nothing either.
    expect((await get(`/api/cell/244/91/${cellid}?${KEYS}`)).status).toBe(404);
    // Another service key has a budget of its own.
    expect((await lookUp(3, OTHER_KEYS)).status).toBe(404);
    expect(asked(cellid).opencellid).toBe(3);
  });

  it.each([
    ['lac=65536&radio=LTE', 'lac', /at most 65535/],
    ['lac=16777216', 'lac', /at most 16777215/],
    ['lac=1&radio=GSM', 'radio', /GSM cell id is at most 65535/],
  ])('refuses ?%s, which no cell can have, before asking anyone', async (query, field, message) => {
    const { get } = service(['store', 'opencellid', 'geolocate']);
    const cellid = 9_100_002;
    expect(await errorOf(await get(`/api/cell/244/91/${cellid}?${KEYS}&${query}`))).toMatchObject({
      status: 400,
      code: 'bad-parameter',
      field,
      message: expect.stringMatching(message),
    });
    expect(asked(cellid)).toEqual({ opencellid: 0, geolocate: 0 });
  });
});

describe('a cache write that fails (issue 23, item 3)', () => {
  const turku = OPENCELLID_CELLS.turku;
  const path = `/api/cell/244/91/${turku.cellid}?${KEYS}&lac=6001`;

  it("while another writer holds the database: the source's answer all the same, logged, asked again later", async () => {
    const { get, file, log } = service(['store', 'opencellid']);
    const writer = new Database(file);
    try {
      writer.exec('BEGIN IMMEDIATE');
      const response = await get(path);
      expect(response.status).toBe(200);
      expect(response.headers.get('cell-source')).toBe('opencellid');
      expect(log).toContain("cell cache: keeping opencellid's answer failed: database is locked");
    } finally {
      writer.exec('COMMIT');
      writer.close();
    }
    const before = asked(turku.cellid).opencellid;
    expect((await get(path)).status).toBe(200);
    expect(asked(turku.cellid).opencellid).toBe(before + 1);
  });

  it('when the database cannot take it (as on a full disk): the answer, and the failure logged', async () => {
    const { get, file, log } = service(['store', 'opencellid']);
    writeRaw(
      file,
      `CREATE TRIGGER full_disk BEFORE INSERT ON cell_answers
         BEGIN SELECT RAISE(FAIL, 'database or disk is full'); END`,
    );
    const response = await get(path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('opencellid');
    expect(log).toContain("cell cache: keeping opencellid's answer failed: database or disk is full");
  });
});
