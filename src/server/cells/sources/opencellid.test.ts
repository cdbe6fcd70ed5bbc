import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../../scripts/stand-in-sources';
import {
  OPENCELLID_CASES as CASES,
  OPENCELLID_CELLS as CELLS,
  OPENCELLID_KEY,
} from '../../../../scripts/stand-ins/opencellid';
import type { CellQuestion, SourceResult } from './cell-source';
import { openCellidSource } from './opencellid';
import { USER_AGENT } from '../../platform/net/user-agent';
import { cellQuestion, askOnce } from '../../testing/cell-question';

let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(() => standIns.close());

const NOW = Date.UTC(2024, 4, 1, 18, 0, 0);
function source(key = OPENCELLID_KEY, timeoutMs = 2000) {
  return openCellidSource({ url: standIns.openCellidUrl, key }, { timeoutMs }, () => NOW);
}
const question = cellQuestion;
const ask = (q: CellQuestion, s = source()): Promise<SourceResult> => askOnce(s, q);

describe('OpenCelliD cell/get, against its stand-in', () => {
  it('finds a cell, with its range, samples and radio, asking with the documented query and our User-Agent', async () => {
    const before = standIns.requests.length;
    expect(await ask(question(CELLS.helsinki.cellid, { radio: 'LTE' }))).toEqual({
      kind: 'found',
      cell: {
        lat: 60.1699,
        lon: 24.9384,
        lac: 6001,
        radio: 'LTE',
        rangeMeters: 1200,
        samples: 37,
        origin: 'opencellid',
      },
    });
    const seen = standIns.requests.slice(before);
    expect(seen).toHaveLength(1);
    expect(seen[0]?.url).toBe(
      '/opencellid/cell/get?key=•••&mcc=244&mnc=91&lac=6001&cellid=20500001&radio=LTE&format=json',
    );
    expect(seen[0]?.userAgent).toBe(USER_AGENT);
    expect(USER_AGENT).toMatch(/^Cellpos\/\d+\.\d+/);
  });

  it('reads numbers sent as strings', async () => {
    expect(await ask(question(CELLS.turku.cellid))).toMatchObject({
      kind: 'found',
      cell: { lat: 60.4518, lon: 22.2666, rangeMeters: 2500, samples: 12, radio: 'UMTS' },
    });
  });

  it('asks with the MNC as a number (05 is 5)', async () => {
    const q = question(CELLS.oulu.cellid, {
      asked: { mcc: '244', mnc: '05', cellid: '4001' },
      key: { mcc: 244, mnc: 5, cellid: 4001 },
      lac: 3030,
    });
    expect(await ask(q)).toMatchObject({ kind: 'found', cell: { lat: 65.0121, radio: 'GSM' } });
  });

  it('is not asked without a LAC', async () => {
    const before = standIns.requests.length;
    expect(await ask(question(CELLS.helsinki.cellid, { lac: undefined }))).toEqual({
      kind: 'needs',
      fields: ['lac'],
    });
    expect(standIns.requests.length).toBe(before);
  });

  it.each<[string, number, SourceResult['kind'], string?]>([
    ['"cell not found" with HTTP 200', 1234, 'not-found'],
    ['"cell not found" with HTTP 404', CASES.notFound404, 'not-found'],
    ['a position of 0, 0', CASES.zeroPosition, 'not-found'],
    ['a LAC-area answer (cellid -1)', CASES.lacFallback, 'not-found'],
    ['no lat', CASES.noLat, 'failed', 'unreadable'],
    ['truncated JSON', CASES.garbage, 'failed', 'unreadable'],
    ['XML instead of JSON', CASES.xml, 'failed', 'unreadable'],
    ['too many requests (code 6, HTTP 429)', CASES.tooMany, 'failed', 'limit'],
    ['the daily limit (code 7, HTTP 200)', CASES.dailyLimit, 'failed', 'limit'],
    ['a server error (code 5)', CASES.serverError, 'failed', 'unavailable'],
    ['an HTML error page', CASES.htmlPage, 'failed', 'unavailable'],
    ['a key not whitelisted (code 4)', CASES.whitelist, 'failed', 'misconfigured'],
  ])('reads %s', async (_what, cellid, kind, failure) => {
    const result = await ask(question(cellid));
    expect(result.kind).toBe(kind);
    if (failure !== undefined) expect(result).toMatchObject({ failure });
  });

  it('takes the wait of "too many requests" from Retry-After, and of the daily limit until midnight UTC', async () => {
    expect(await ask(question(CASES.tooMany))).toMatchObject({ retryAfterSeconds: 30 });
    expect(await ask(question(CASES.dailyLimit))).toMatchObject({ retryAfterSeconds: 6 * 3600 });
  });

  it('reports a refused key as a misconfiguration, naming the setting', async () => {
    expect(await ask(question(CELLS.helsinki.cellid), source('wrong-key'))).toMatchObject({
      kind: 'failed',
      failure: 'misconfigured',
      detail: expect.stringContaining('OPENCELLID_KEY'),
    });
  });

  it('gives up on a slow answer at the timeout', async () => {
    expect(await ask(question(CASES.slow), source(OPENCELLID_KEY, 300))).toMatchObject({
      kind: 'failed',
      failure: 'timeout',
    });
  });

  it('reports an unreachable source as unavailable', async () => {
    const down = openCellidSource({ url: 'http://127.0.0.1:1', key: 'k' }, { timeoutMs: 2000 });
    expect(await ask(question(CELLS.helsinki.cellid), down)).toMatchObject({
      kind: 'failed',
      failure: 'unavailable',
    });
  });
});
