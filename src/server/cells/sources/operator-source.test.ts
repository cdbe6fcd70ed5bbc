import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStandIns, type StandIns } from '../../../../scripts/stand-in-sources';
import { OPENCELLID_CELLS, OPENCELLID_KEY } from '../../../../scripts/stand-ins/opencellid';
import { createApp } from '../../app';
import { openDemoStore } from '../../admin/demo-data';
import type { Store } from '../../store/sqlite/open';
import type { SourceName } from './cell-source';
import { DOCUMENTED_CELL } from '../../../api/fixtures/documented-cell';

/* Proxy mode with sources after the operator. The operator is the reference service itself (demo keys, XML and
   JSON error bodies), reached through an injected fetch; OpenCelliD is its stand-in. */
let standIns: StandIns;
let operatorStore: Store;
let operator: ReturnType<typeof createApp>;
const operatorUrls: string[] = [];

beforeAll(async () => {
  standIns = await startStandIns();
  operatorStore = openDemoStore(':memory:');
  operator = createApp({ store: operatorStore, staticDir: null });
});
afterAll(async () => {
  await standIns.close();
  operatorStore.close();
});

const operatorFetch: typeof fetch = (input, init) => {
  const url = new URL(String(input));
  operatorUrls.push(`${url.pathname}${url.search}`);
  if (url.pathname.includes('/cell/244/91/404404')) {
    return Promise.resolve(
      new Response('Not Found', { status: 404, headers: { 'Content-Type': 'text/plain' } }),
    );
  }
  return Promise.resolve(operator.request(`/api${url.pathname.slice('/op'.length)}${url.search}`, init));
};

function proxy(names: SourceName[]) {
  return createApp({
    upstream: { baseUrl: 'http://operator.test/op', timeoutMs: 2000, fetch: operatorFetch },
    staticDir: null,
    cells: {
      sources: {
        names,
        timeoutMs: 2000,
        cacheDays: 7,
        opencellid: { url: standIns.openCellidUrl, key: OPENCELLID_KEY },
      },
    },
  });
}

const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const HELSINKI = OPENCELLID_CELLS.helsinki;
const askedOpenCellid = (cellid: number): number =>
  standIns.requests.filter((seen) => seen.source === 'opencellid' && seen.cellid === cellid).length;

describe('proxy mode with sources after the operator', () => {
  it("answers from the operator when it knows the cell, decoded and written again in the document's shape", async () => {
    const response = await proxy(['operator', 'opencellid']).request(`/api/cell/244/91/10038?${KEYS}`, {
      headers: { Accept: 'application/json' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('operator');
    const { position: _position, ...documented } = DOCUMENTED_CELL;
    expect(await response.json()).toEqual({ cell: documented });
  });

  it('asks the next source when the operator answers 404, with the keys forwarded only to the operator', async () => {
    const before = operatorUrls.length;
    const response = await proxy(['operator', 'opencellid']).request(
      `/api/cell/244/91/${HELSINKI.cellid}?${KEYS}&lac=6001&radio=LTE`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBe('opencellid');
    expect(operatorUrls.slice(before)).toEqual([`/op/cell/244/91/${HELSINKI.cellid}?${KEYS}`]);
  });

  it("passes the operator's refusal of the keys back as it came, and asks no further source", async () => {
    const cellid = 808001;
    const response = await proxy(['operator', 'opencellid']).request(
      `/api/cell/244/91/${cellid}?serviceKey=demo-service&userKey=other-user&lac=6001`,
    );
    expect(response.status).toBe(401);
    expect(response.headers.get('cell-source')).toBeNull();
    expect(await response.text()).toContain('<code>unauthorized</code>');
    expect(askedOpenCellid(cellid)).toBe(0);
  });

  it('takes a 404 that is no API answer (a wrong base URL) as no proof of the keys: passed back, nothing asked', async () => {
    const response = await proxy(['operator', 'opencellid']).request(
      `/api/cell/244/91/404404?${KEYS}&lac=6001`,
    );
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('<code>upstream-error</code>');
    expect(askedOpenCellid(404404)).toBe(0);
  });

  it('with the operator alone, passes its bytes through untouched (and still checks lac and radio)', async () => {
    const alone = proxy(['operator']);
    const response = await alone.request(`/api/cell/244/91/10038?${KEYS}&lac=6001`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cell-source')).toBeNull();
    expect(await response.text()).toBe(
      await (await operator.request(`/api/cell/244/91/10038?${KEYS}`)).text(),
    );
    expect((await alone.request(`/api/cell/244/91/10038?${KEYS}&radio=5G`)).status).toBe(400);
  });

  it('refuses a source list that does not start with the operator, which checks the keys', () => {
    expect(() => proxy(['opencellid', 'operator'])).toThrow(/operator is the first cell source/);
  });
});
