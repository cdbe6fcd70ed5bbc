import { describe, expect, it } from 'vitest';
import { createCellSources } from './sources/cell-sources';
import type { CellKey, CellRecord } from '../store/records';
import { FreshCache } from '../platform/cache/fresh-cache';
import { createCellRead, KEPT } from './cell-read';

/** The Cell read on a store source that counts its reads, and a database version that counts how often it is read. */
function setUp(onRead: () => void = () => undefined) {
  const counts = { cells: 0, versions: 0 };
  let version = 1;
  const store = {
    getCell(key: CellKey): CellRecord {
      counts.cells++;
      onRead();
      return { ...key, lac: 7, lat: 60.17, lon: 24.94, name: 'Helsinki' };
    },
  };
  const sources = createCellSources(
    { names: ['store'], timeoutMs: 1000, cacheDays: 0 },
    { store, log: () => undefined, nameOf: () => 'Helsinki' },
  );
  const fresh = new FreshCache(() => {
    counts.versions++;
    return String(version);
  });
  const read = createCellRead(sources, fresh);
  const ask = async (cellid: string) => {
    // What the guard does before it lets a request through.
    fresh.check();
    return read({ asked: { mcc: '244', mnc: '91', cellid } }, 'xml', () => new AbortController().signal);
  };
  return { counts, ask, commit: () => version++, fresh };
}

describe('the Cell read at scale', () => {
  it('reads the database version for the guard’s check alone, for a cell not kept too', async () => {
    const { counts, ask } = setUp();
    const answer = await ask('10038');
    expect(answer.status).toBe(200);
    expect(counts.cells).toBe(1);
    // The guard's check; none after the store was read (before: one more, a read of the -shm file).
    expect(counts.versions).toBe(1);
    // Kept: the next ask reads neither the store nor a version beyond the check.
    expect(await ask('10038')).toBe(answer);
    expect(counts).toEqual({ cells: 1, versions: 2 });
  });

  it.each([
    // Another request, let through while this one's sources were asked (a source on the network, PostgreSQL).
    ['keeps no answer read while another request’s check saw a commit', true],
    [
      'forgets an answer read across a commit no check has seen yet at the next check, before it is sent',
      false,
    ],
  ])('%s', async (_, checkedMeanwhile) => {
    let commitWhileReading = true;
    const state = setUp(() => {
      if (!commitWhileReading) return;
      state.commit();
      if (checkedMeanwhile) state.fresh.check();
    });
    await ask(state, '10038');
    commitWhileReading = false;
    await ask(state, '10038');
    expect(state.counts.cells).toBe(2);
    await ask(state, '10038');
    expect(state.counts.cells).toBe(2);
  });

  it('keeps the answers of 20,000 cells asked at random, as bench:service asks them (10,000 thrashed)', async () => {
    const { counts, ask } = setUp();
    const cells = Array.from({ length: 20_000 }, (_, i) => String(10_000 + i));
    for (const cellid of cells) await ask(cellid);
    expect(counts.cells).toBe(cells.length);
    for (let i = 0; i < 5_000; i++) await ask(cells[Math.floor(Math.random() * cells.length)] ?? '');
    expect(counts.cells).toBe(cells.length);
    expect(KEPT).toBeGreaterThanOrEqual(cells.length);
  });
});

const ask = (state: ReturnType<typeof setUp>, cellid: string) => state.ask(cellid);
