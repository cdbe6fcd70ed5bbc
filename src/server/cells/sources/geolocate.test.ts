import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../../scripts/stand-in-sources';
import {
  GEOLOCATE_CASES as CASES,
  GEOLOCATE_CELLS as CELLS,
  GEOLOCATE_KEY,
} from '../../../../scripts/stand-ins/geolocate';
import type { CellQuestion, SourceResult } from './cell-source';
import { geolocateSource } from './geolocate';
import { cellQuestion, askOnce } from '../../testing/cell-question';

let standIns: StandIns;
beforeAll(async () => {
  standIns = await startStandIns();
});
afterAll(() => standIns.close());

const NOW = Date.UTC(2024, 4, 1, 23, 30, 0);
function source(key: string | undefined = undefined, timeoutMs = 2000) {
  return geolocateSource(
    { url: standIns.geolocateUrl, ...(key !== undefined && { key }) },
    { timeoutMs },
    () => NOW,
  );
}
const question = (cellid: number, more: Partial<CellQuestion> = {}): CellQuestion =>
  cellQuestion(cellid, { radio: 'LTE', ...more });
const ask = (q: CellQuestion, s = source()): Promise<SourceResult> => askOnce(s, q);

describe('an ichnaea-compatible geolocate API, against its stand-in', () => {
  it('finds a cell as a device-position estimate, asking with both fallbacks off and JSON numbers', async () => {
    const before = standIns.requests.length;
    expect(await ask(question(CELLS.tampere.cellid))).toEqual({
      kind: 'found',
      cell: { lat: 61.4978, lon: 23.761, lac: 6001, radio: 'LTE', accuracyMeters: 850, origin: 'geolocate' },
    });
    const [seen] = standIns.requests.slice(before);
    expect(seen?.method).toBe('POST');
    expect(JSON.parse(seen?.body ?? '{}')).toEqual({
      considerIp: false,
      fallbacks: { ipf: false, lacf: false },
      radioType: 'lte',
      cellTowers: [
        {
          radioType: 'lte',
          mobileCountryCode: 244,
          mobileNetworkCode: 91,
          locationAreaCode: 6001,
          cellId: 20500101,
        },
      ],
    });
    expect(seen?.url).toBe('/geolocate/v1/geolocate');
  });

  it('asks for a UMTS cell as wcdma', async () => {
    const q = question(CELLS.jyvaskyla.cellid, {
      key: { mcc: 244, mnc: 12, cellid: CELLS.jyvaskyla.cellid },
      lac: 110,
      radio: 'UMTS',
    });
    expect(await ask(q)).toMatchObject({ kind: 'found', cell: { lat: 62.2426, accuracyMeters: 1501 } });
  });

  it('asks for an NR cell with its identity in both fields', async () => {
    const before = standIns.requests.length;
    expect(await ask(question(CELLS.espoo.cellid, { radio: 'NR' }))).toMatchObject({ kind: 'found' });
    const body = JSON.parse(standIns.requests[before]?.body ?? '{}') as { cellTowers: unknown[] };
    expect(body.cellTowers[0]).toMatchObject({ radioType: 'nr', cellId: 105217, newRadioCellId: 105217 });
  });

  it('sends the key as ?key= when one is set', async () => {
    const before = standIns.requests.length;
    expect(await ask(question(CELLS.tampere.cellid), source(GEOLOCATE_KEY))).toMatchObject({ kind: 'found' });
    expect(standIns.requests[before]?.url).toBe('/geolocate/v1/geolocate?key=•••');
  });

  it('is not asked without the LAC or the radio type', async () => {
    const before = standIns.requests.length;
    expect(await ask(question(1, { lac: undefined, radio: undefined }))).toEqual({
      kind: 'needs',
      fields: ['lac', 'radio'],
    });
    expect(await ask(question(1, { radio: undefined }))).toEqual({ kind: 'needs', fields: ['radio'] });
    expect(await ask(question(1, { lac: undefined }))).toEqual({ kind: 'needs', fields: ['lac'] });
    expect(standIns.requests.length).toBe(before);
  });

  it.each<[string, number, SourceResult['kind'], string?]>([
    ['notFound (JSON 404)', 424242, 'not-found'],
    ['an empty 404', CASES.notFoundEmpty, 'not-found'],
    ['an answer from the IP address (fallback ipf)', CASES.ipFallback, 'not-found'],
    ["an answer from the area's centre (fallback lacf)", CASES.lacFallback, 'not-found'],
    ['dailyLimitExceeded (403)', CASES.dailyLimit, 'failed', 'limit'],
    ['userRateLimitExceeded (403)', CASES.userRateLimit, 'failed', 'limit'],
    ['429 with Retry-After', CASES.rateLimit, 'failed', 'limit'],
    ['an empty 500', CASES.serverError, 'failed', 'unavailable'],
    ['an HTML 503 page', CASES.htmlPage, 'failed', 'unavailable'],
    ['truncated JSON', CASES.garbage, 'failed', 'unreadable'],
    ['lon instead of lng', CASES.lonNotLng, 'failed', 'unreadable'],
  ])('reads %s', async (_what, cellid, kind, failure) => {
    const result = await ask(question(cellid));
    expect(result.kind).toBe(kind);
    if (failure !== undefined) expect(result).toMatchObject({ failure });
  });

  it('waits for a rate limit as Retry-After says, and for the daily limit until midnight UTC', async () => {
    expect(await ask(question(CASES.rateLimit))).toMatchObject({ retryAfterSeconds: 120 });
    expect(await ask(question(CASES.dailyLimit))).toMatchObject({ retryAfterSeconds: 1800 });
  });

  it('reports keyInvalid as a misconfiguration naming the setting', async () => {
    expect(await ask(question(CELLS.tampere.cellid), source('wrong'))).toMatchObject({
      kind: 'failed',
      failure: 'misconfigured',
      detail: expect.stringContaining('GEOLOCATE_KEY'),
    });
  });

  it('reports a wrong address (an HTML 404) as a misconfiguration', async () => {
    const wrong = geolocateSource({ url: `${standIns.geolocateUrl}/nope` }, { timeoutMs: 2000 });
    expect(await ask(question(CELLS.tampere.cellid), wrong)).toMatchObject({
      kind: 'failed',
      failure: 'misconfigured',
    });
  });

  it('gives up on a slow answer at the timeout', async () => {
    expect(await ask(question(CASES.slow), source(undefined, 300))).toMatchObject({
      kind: 'failed',
      failure: 'timeout',
    });
  });
});
