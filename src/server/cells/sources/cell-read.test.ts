import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../../scripts/stand-in-sources';
import { GEOLOCATE_CASES, GEOLOCATE_CELLS } from '../../../../scripts/stand-ins/geolocate';
import { OPENCELLID_CASES, OPENCELLID_CELLS, OPENCELLID_KEY } from '../../../../scripts/stand-ins/opencellid';
import { decodeErrorBody, type ErrorBody } from '../../../api/codec';
import { createApp } from '../../app';
import { openDemoStore } from '../../admin/demo-data';
import type { Store } from '../../store/sqlite/open';
import type { SourceName } from './cell-source';

/* The Cell read with live sources, end to end in the service: the demo store, then OpenCelliD, then a geolocate
   API, all stand-ins on a real socket. */
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
let standIns: StandIns;
const opened: Store[] = [];
afterAll(async () => {
  await standIns.close();
  for (const store of opened) store.close();
});
beforeAll(async () => {
  standIns = await startStandIns();
});

interface Service {
  get(path: string, accept?: string): Promise<Response>;
  log: string[];
  store: Store;
}

function service(
  names: SourceName[] = ['store', 'opencellid', 'geolocate'],
  { key = OPENCELLID_KEY, timeoutMs = 2000, now = () => Date.now() } = {},
): Service {
  const store = openDemoStore(':memory:');
  opened.push(store);
  const log: string[] = [];
  const app = createApp({
    store,
    staticDir: null,
    log: (line) => log.push(line),
    cells: {
      sources: {
        names,
        timeoutMs,
        cacheDays: 7,
        opencellid: { url: standIns.openCellidUrl, key },
        geolocate: { url: standIns.geolocateUrl },
      },
      cache: store.cellCache({ foundSeconds: 7 * 86_400, notFoundSeconds: 86_400 }),
      now,
    },
  });
  return {
    get: (path, accept) =>
      Promise.resolve(app.request(path, accept === undefined ? {} : { headers: { Accept: accept } })),
    log,
    store,
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

const HELSINKI = OPENCELLID_CELLS.helsinki;
const TAMPERE = GEOLOCATE_CELLS.tampere;

describe('the Cell read with live sources', () => {
  it('answers from OpenCelliD in the documented shape, the facts and credit in headers, the name from the gazetteer', async () => {
    const { get } = service();
    const response = await get(`/api/cell/244/91/${HELSINKI.cellid}?${KEYS}&lac=6001`);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<cell>\n    <lat>60.169900</lat>\n' +
        '    <lon>24.938400</lon>\n    <mcc>244</mcc>\n    <mnc>91</mnc>\n    <lac>6001</lac>\n' +
        `    <cellid>${HELSINKI.cellid}</cellid>\n    <name>Helsinki</name>\n</cell>\n`,
    );
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'cell-source': 'opencellid',
      'cell-range': '1200',
      'cell-samples': '37',
      'cell-radio': 'LTE',
      link:
        '<https://opencellid.org/>; rel="author"; title="OpenCelliD contributors", ' +
        '<https://creativecommons.org/licenses/by-sa/4.0/>; rel="license"; title="CC BY-SA 4.0"',
    });
    expect(response.headers.get('age')).toBeNull();
  });

  it('answers a second lookup from the cache without asking any source, and says how old the answer is', async () => {
    let clock = Date.UTC(2024, 0, 1);
    const { get } = service(undefined, { now: () => clock });
    const cellid = OPENCELLID_CELLS.turku.cellid;
    await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001`);
    expect(asked(cellid).opencellid).toBe(1);
    clock += 3600_000;
    const again = await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001`, 'application/json');
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({
      cell: {
        lat: '60.451800',
        lon: '22.266600',
        mcc: '244',
        mnc: '91',
        lac: '6001',
        cellid: String(cellid),
        name: 'Turku',
      },
    });
    expect(again.headers.get('age')).toBe('3600');
    expect(again.headers.get('cell-source')).toBe('opencellid');
    expect(asked(cellid)).toEqual({ opencellid: 1, geolocate: 0 });
  });

  it('keeps "not found" too: a second lookup of an unknown cell asks no source', async () => {
    const { get } = service();
    const cellid = 31337;
    const first = await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001&radio=LTE`);
    expect(first.status).toBe(404);
    expect(asked(cellid)).toEqual({ opencellid: 1, geolocate: 1 });
    expect((await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001&radio=LTE`)).status).toBe(404);
    expect(asked(cellid)).toEqual({ opencellid: 1, geolocate: 1 });
  });

  it('answers from the geolocate API as a device-position estimate, with its accuracy', async () => {
    const { get } = service();
    const response = await get(`/api/cell/244/91/${TAMPERE.cellid}?${KEYS}&lac=6001&radio=lte`);
    expect(response.status).toBe(200);
    expect(Object.fromEntries(response.headers)).toMatchObject({
      'cell-source': 'geolocate',
      'cell-accuracy': '850',
      'cell-radio': 'LTE',
    });
    expect(response.headers.get('cell-range')).toBeNull();
    expect(response.headers.get('link')).toBe(
      `<http://127.0.0.1:${standIns.port}/>; rel="author"; title="127.0.0.1:${standIns.port}"`,
    );
    expect(await response.text()).toContain('<name>Tampere</name>');
  });

  it('answers from the store first, with its facts, and asks no live source', async () => {
    const { get } = service();
    const response = await get(`/api/cell/244/91/10038?${KEYS}&lac=6001&radio=LTE`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('store');
    expect(response.headers.get('link')).toBeNull();
    expect(await response.text()).toContain('<lac>0</lac>');
    expect(asked(10038)).toEqual({ opencellid: 0, geolocate: 0 });
  });

  it('tells the app a read may take each network source its whole timeout, one after the other', async () => {
    const { get } = service(['store', 'opencellid', 'geolocate'], { timeoutMs: 2000 });
    expect(await (await get('/api/settings')).json()).toMatchObject({ timeoutMs: 4000 });
  });

  it("keeps the store's encoded answer for the next request, still checking the query and the keys", async () => {
    const { get } = service();
    const first = await get(`/api/cell/244/91/10038?${KEYS}`);
    const again = await get(`/api/cell/244/91/10038?${KEYS}&lac=1`);
    expect(await again.text()).toBe(await first.text());
    expect(again.headers.get('cell-source')).toBe('store');
    expect((await get(`/api/cell/244/91/10038?${KEYS}&lac=x`)).status).toBe(400);
    expect((await get(`/api/cell/244/91/10038?serviceKey=demo-service&userKey=other-user`)).status).toBe(401);
  });

  it('says to add the LAC when a source needed it and no source knows the cell', async () => {
    const { get } = service();
    const response = await get(`/api/cell/244/91/4242?${KEYS}`);
    expect(await errorOf(response)).toEqual({
      status: 404,
      code: 'unknown-cell',
      message:
        'No cell is known with that mcc, mnc and cellid. OpenCelliD and the geolocation service can look further ' +
        'with the LAC (and the radio type): add it and look again.',
      field: 'lac',
    });
    expect(asked(4242)).toEqual({ opencellid: 0, geolocate: 0 });
    const radioOnly = await errorOf(await get(`/api/cell/244/91/4243?${KEYS}&lac=1`));
    expect(radioOnly).toMatchObject({
      field: 'radio',
      message: expect.stringContaining('the geolocation service'),
    });
  });

  it('refuses a fallback answer (from the IP address or the area) as "not found"', async () => {
    const { get } = service(['store', 'geolocate']);
    for (const cellid of [GEOLOCATE_CASES.ipFallback, GEOLOCATE_CASES.lacFallback]) {
      const response = await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001&radio=LTE`);
      expect(await errorOf(response)).toMatchObject({ status: 404, code: 'unknown-cell' });
    }
  });

  it('asks no source when the keys are refused or missing', async () => {
    const { get } = service();
    const cellid = 777001;
    const mismatched = await get(
      `/api/cell/244/91/${cellid}?serviceKey=demo-service&userKey=other-user&lac=6001&radio=LTE`,
    );
    expect(mismatched.status).toBe(401);
    expect((await get(`/api/cell/244/91/${cellid}?userKey=demo-user&lac=6001&radio=LTE`)).status).toBe(401);
    expect(asked(cellid)).toEqual({ opencellid: 0, geolocate: 0 });
  });

  it.each([
    ['lac=abc', 'lac'],
    ['lac=4294967296', 'lac'],
    ['lac=1&lac=2', 'lac'],
    ['radio=WIMAX', 'radio'],
    ['radio=LTE&radio=GSM', 'radio'],
  ])('refuses ?%s with 400 naming %s', async (query, field) => {
    const { get } = service();
    expect(await errorOf(await get(`/api/cell/244/91/1?${KEYS}&${query}`))).toMatchObject({
      status: 400,
      field,
    });
  });
});

describe('when the sources fail', () => {
  it('says the service is misconfigured when OpenCelliD refuses its key, and logs it without the key', async () => {
    const { get, log } = service(['store', 'opencellid'], { key: 'wrong-secret-key' });
    const response = await get(`/api/cell/244/91/${HELSINKI.cellid}?${KEYS}&lac=6001`);
    expect(await errorOf(response)).toMatchObject({ status: 500, code: 'source-misconfigured' });
    const line = log.find((entry) => entry.startsWith('cell source opencellid'));
    expect(line).toMatch(/misconfigured: refused the key OPENCELLID_KEY/);
    expect(log.join('\n')).not.toContain('wrong-secret-key');
  });

  it('answers 429 with Retry-After at a daily limit, and does not ask that source again until then', async () => {
    const clock = Date.UTC(2024, 4, 1, 22, 0, 0);
    const { get, log } = service(['store', 'opencellid'], { now: () => clock });
    const cellid = OPENCELLID_CASES.dailyLimit;
    const response = await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001`);
    expect(response.status).toBe(429);
    expect(response.headers.get('retry-after')).toBe('7200');
    expect(await errorOf(response)).toMatchObject({
      code: 'source-limit',
      message: expect.stringContaining('2 h'),
    });
    expect(log.some((line) => /opencellid limit: daily limit reached/.test(line))).toBe(true);
    const before = asked(HELSINKI.cellid).opencellid;
    const other = await get(`/api/cell/244/91/${HELSINKI.cellid}?${KEYS}&lac=6001&radio=UMTS`);
    expect(other.status).toBe(429);
    expect(asked(HELSINKI.cellid).opencellid).toBe(before);
  });

  it.each<[string, number, number, string]>([
    ['a timeout', OPENCELLID_CASES.slow, 504, 'source-timeout'],
    ['garbage', OPENCELLID_CASES.garbage, 502, 'source-unreadable'],
    ['an HTML error page', OPENCELLID_CASES.htmlPage, 502, 'source-unavailable'],
  ])('names %s', async (_what, cellid, status, code) => {
    const { get } = service(['store', 'opencellid'], { timeoutMs: 300 });
    expect(await errorOf(await get(`/api/cell/244/91/${cellid}?${KEYS}&lac=6001`))).toMatchObject({
      status,
      code,
    });
  });

  it('goes on to the next source when one fails, and answers from it', async () => {
    const { get, log } = service(['opencellid', 'geolocate'], { key: 'wrong' });
    const response = await get(`/api/cell/244/91/${TAMPERE.cellid}?${KEYS}&lac=6001&radio=LTE`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('geolocate');
    expect(log.some((line) => line.startsWith('cell source opencellid misconfigured'))).toBe(true);
  });

  it('names a source that could not answer over "not found" from the others', async () => {
    const { get } = service(['store', 'opencellid', 'geolocate'], { timeoutMs: 300 });
    const response = await get(`/api/cell/244/91/${GEOLOCATE_CASES.serverError}?${KEYS}&lac=6001&radio=LTE`);
    expect(await errorOf(response)).toMatchObject({
      status: 502,
      code: 'source-unavailable',
      message: expect.stringMatching(/^the geolocation service could not be asked/),
    });
  });
});
