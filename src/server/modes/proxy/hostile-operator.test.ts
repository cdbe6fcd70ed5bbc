import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CASES, HUGE_BYTES, startHostileOperator, type CaseName } from '../../../../scripts/hostile-operator';
import { createClient } from '../../../api/client';
import { ApiError, type ApiErrorKind } from '../../../api/errors';
import { createApp } from '../../app';

let operator: Awaited<ReturnType<typeof startHostileOperator>>;
let app: ReturnType<typeof createApp>;
const KEYS = { serviceKey: 's', userKey: 'u' };

beforeAll(async () => {
  operator = await startHostileOperator();
  app = createApp({ upstream: { baseUrl: operator.baseUrl, timeoutMs: 800 } });
});
afterAll(() => operator.close());

const throughProxy = createClient({
  baseUrl: 'http://x/api',
  fetch: (input, init) => Promise.resolve(app.fetch(new Request(input, init))),
});

async function failure(name: CaseName, client = throughProxy): Promise<ApiError> {
  try {
    await client.getCell(KEYS, { mcc: '244', mnc: '91', cellid: String(CASES[name]) });
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error(`${name}: expected the read to fail`);
}

describe('a hostile operator, through the proxy and the client', () => {
  it('reads the well-behaved case', async () => {
    const answer = await throughProxy.getCell(KEYS, { mcc: '244', mnc: '91', cellid: '1' });
    expect(answer.data.name).toBe('Stub cell 1');
  });

  it.each<[CaseName, ApiErrorKind, number, string | undefined]>([
    ['truncated', 'malformed', 200, 'body'],
    ['html200', 'server', 502, undefined],
    ['empty200', 'malformed', 200, 'body'],
    ['wrongRoot', 'malformed', 200, 'cell'],
    ['missingField', 'malformed', 200, 'cell.lat'],
    ['latOutOfRange', 'malformed', 200, 'cell.lat'],
    ['lonNotNumber', 'malformed', 200, 'cell.lon'],
    ['entityBomb', 'malformed', 200, 'body'],
    ['externalEntity', 'malformed', 200, 'body'],
    ['huge', 'server', 502, undefined],
    ['error500', 'server', 500, undefined],
    ['error503', 'server', 503, undefined],
    ['tooMany', 'rate-limited', 429, undefined],
    ['never', 'timeout', 504, undefined],
    ['dropped', 'server', 502, undefined],
  ])('%s: %s (HTTP %i), with the raw answer kept', async (name, kind, status, field) => {
    const error = await failure(name);
    expect(error.kind).toBe(kind);
    expect(error.status ?? error.raw?.status).toBe(status);
    if (field !== undefined) expect(error.field).toBe(field);
    expect(error.raw?.status).toBe(status);
    expect(error.message).not.toMatch(/undefined|NaN|\[object/);
    if (name === 'tooMany') expect(error.retryAfterSeconds).toBe(7);
    if (name === 'externalEntity') expect(error.raw?.body).not.toContain('root:');
  });

  it('stops reading a 20 MB answer at the cap, in the proxy and in the client', async () => {
    const before = operator.stats.get(CASES.huge)?.bytesSent ?? 0;
    const error = await failure('huge');
    expect(error.detail).toMatch(/larger than 1048576 bytes/);
    const direct = createClient({ baseUrl: operator.baseUrl, maxBodyBytes: 64 * 1024 });
    const capped = await failure('huge', direct);
    expect(capped).toMatchObject({ kind: 'malformed', field: 'body' });
    expect(capped.raw?.truncated).toBe(true);
    expect(capped.raw?.body.length).toBeLessThanOrEqual(64 * 1024);
    await expect.poll(() => operator.stats.get(CASES.huge)?.aborted).toBeGreaterThanOrEqual(1);
    const sent = (operator.stats.get(CASES.huge)?.bytesSent ?? 0) - before;
    expect(sent).toBeLessThan(HUGE_BYTES / 2);
  });

  it('stops waiting for the operator when the caller goes away', async () => {
    const controller = new AbortController();
    const pending = throughProxy.getCell(
      KEYS,
      { mcc: '244', mnc: '91', cellid: String(CASES.slow) },
      {
        signal: controller.signal,
      },
    );
    await expect.poll(() => operator.stats.get(CASES.slow)?.requests ?? 0).toBeGreaterThanOrEqual(1);
    controller.abort();
    await expect(pending).rejects.toThrow();
    await expect.poll(() => operator.stats.get(CASES.slow)?.aborted ?? 0).toBeGreaterThanOrEqual(1);
    expect(operator.stats.get(CASES.slow)?.answered ?? 0).toBe(0);
  });

  it('keeps working after every hostile case', async () => {
    const answer = await throughProxy.getCell(KEYS, { mcc: '244', mnc: '91', cellid: '18' });
    expect(answer.data.name).toBe('Stub cell 18');
  });
});
