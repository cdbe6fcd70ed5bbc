import { describe, expect, it, vi } from 'vitest';
import type { RequestOptions } from '../../api/client';
import { ApiError } from '../../api/errors';
import type { Cell, CellId, Keys } from '../../api/types';
import { runBatch, type BatchClient, type BatchOutcome, type RunOptions } from './runner';

const KEYS: Keys = { serviceKey: 's', userKey: 'u' };

function cellOf(id: CellId): Cell {
  return {
    ...id,
    lat: '60.000000',
    lon: '25.000000',
    lac: '0',
    name: `Cell ${id.cellid}`,
    position: { lat: 60, lon: 25 },
  };
}

const idList = (n: number): CellId[] =>
  Array.from({ length: n }, (_, i) => ({ mcc: '244', mnc: '91', cellid: String(i + 1) }));

/** A fake client whose answers the test releases by hand; it records the peak number of reads in flight. */
function manualClient() {
  const pending: Array<{ id: CellId; resolve(): void; reject(e: unknown): void; signal?: AbortSignal }> = [];
  let inFlight = 0;
  let peak = 0;
  const calls: string[] = [];
  const client: BatchClient = {
    getCell: (_keys, id, options?: RequestOptions) =>
      new Promise((resolve, reject) => {
        calls.push(id.cellid);
        inFlight += 1;
        peak = Math.max(peak, inFlight);
        let settled = false;
        const done = () => {
          if (settled) return false;
          settled = true;
          inFlight -= 1;
          return true;
        };
        const entry = {
          id,
          signal: options?.signal,
          resolve: () => {
            if (done()) resolve({ data: cellOf(id), raw: undefined as never });
          },
          reject: (e: unknown) => {
            if (done()) reject(e);
          },
        };
        options?.signal?.addEventListener('abort', () => entry.reject(options.signal?.reason));
        pending.push(entry);
      }),
  };
  return { client, pending, calls, peak: () => peak, inFlight: () => inFlight };
}

const tick = () => new Promise((r) => setTimeout(r, 0));

type LookUpOptions = Omit<RunOptions, 'client' | 'keys' | 'format' | 'ids' | 'signal'> &
  Partial<Pick<RunOptions, 'format' | 'signal'>>;

/** runBatch over cells 1 to `count`, as XML and with a signal of its own unless `options` says otherwise. */
const lookUpAll = (client: BatchClient, count: number, options: LookUpOptions) =>
  runBatch({
    client,
    keys: KEYS,
    format: 'xml',
    ids: idList(count),
    signal: new AbortController().signal,
    ...options,
  });

describe('runBatch', () => {
  it('keeps at most `concurrency` reads in flight and reports every outcome', async () => {
    const fake = manualClient();
    const outcomes = new Map<number, BatchOutcome>();
    const run = lookUpAll(fake.client, 10, {
      concurrency: 3,
      onOutcome: (i, o) => outcomes.set(i, o),
    });
    while (outcomes.size < 10) {
      await tick();
      expect(fake.inFlight()).toBeLessThanOrEqual(3);
      fake.pending.shift()?.resolve();
    }
    await run;
    expect(fake.peak()).toBe(3);
    expect([...outcomes.values()].every((o) => o.ok)).toBe(true);
  });

  it('a 429 pauses every worker for Retry-After, then the same cell is tried again and counted', async () => {
    let first = true;
    const seen: Array<[string, number]> = [];
    const client: BatchClient = {
      getCell: async (_k, id) => {
        seen.push([id.cellid, Date.now()]);
        if (id.cellid === '1' && first) {
          first = false;
          throw new ApiError('rate-limited', 'HTTP 429', { status: 429, retryAfterSeconds: 2 });
        }
        return { data: cellOf(id), raw: undefined as never };
      },
    };
    const sleeps: number[] = [];
    const retries: Array<[string, number]> = [];
    const outcomes: BatchOutcome[] = [];
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    try {
      await lookUpAll(client, 3, {
        format: 'json',
        concurrency: 1,
        onOutcome: (_i, o) => outcomes.push(o),
        onRetry: (reason, ms) => retries.push([reason, ms]),
        sleep: async (ms) => {
          sleeps.push(ms);
          clock += ms;
        },
      });
    } finally {
      vi.restoreAllMocks();
    }
    expect(retries).toEqual([['rate-limited', 2000]]);
    expect(sleeps).toEqual([2000]);
    expect(seen.map(([c]) => c)).toEqual(['1', '1', '2', '3']);
    expect(seen[1]?.[1]).toBe(1_002_000);
    expect(outcomes.every((o) => o.ok)).toBe(true);
  });

  it('retries network failures and 5xx as every read is (twice, 400 and 800 ms on); other 4xx not at all', async () => {
    const counts = new Map<string, number>();
    const client: BatchClient = {
      getCell: async (_k, id) => {
        counts.set(id.cellid, (counts.get(id.cellid) ?? 0) + 1);
        if (id.cellid === '1') throw new ApiError('server', 'HTTP 503', { status: 503 });
        if (id.cellid === '2') throw new ApiError('not-found', 'HTTP 404', { status: 404 });
        if (id.cellid === '3' && counts.get('3') === 1) throw new ApiError('network', 'down');
        return { data: cellOf(id), raw: undefined as never };
      },
    };
    const sleeps: number[] = [];
    const outcomes = new Map<number, BatchOutcome>();
    await lookUpAll(client, 3, {
      concurrency: 2,
      onOutcome: (i, o) => outcomes.set(i, o),
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(counts).toEqual(
      new Map([
        ['1', 3],
        ['2', 1],
        ['3', 2],
      ]),
    );
    expect(outcomes.get(0)).toEqual({ ok: false, kind: 'server', status: 503 });
    expect(outcomes.get(1)).toEqual({ ok: false, kind: 'not-found', status: 404 });
    expect(outcomes.get(2)?.ok).toBe(true);
    expect(sleeps.sort((a, b) => a - b)).toEqual([400, 400, 800]);
  });

  it("gives each cell's tries one deadline, the service's timeout and 2 s less the time to show it: no retry it would cut short", async () => {
    let clock = 1_000_000;
    vi.spyOn(Date, 'now').mockImplementation(() => clock);
    const deadlines: Array<number | undefined> = [];
    const client: BatchClient = {
      getCell: async (_k, _id, options) => {
        deadlines.push(options?.deadline);
        clock += 2500;
        throw new ApiError('timeout', 'no answer', { status: 504, deadline: options?.deadline });
      },
    };
    const outcomes: BatchOutcome[] = [];
    try {
      await lookUpAll(client, 1, {
        serviceTimeoutMs: 3000,
        onOutcome: (_i, o) => outcomes.push(o),
        sleep: async (ms) => {
          clock += ms;
        },
      });
    } finally {
      vi.restoreAllMocks();
    }
    // Tried at 0 and at 2.9 s; a third try would start at 6.2 s, past the deadline at 4.75 s.
    expect(deadlines).toEqual([1_004_750, 1_004_750]);
    expect(outcomes).toEqual([{ ok: false, kind: 'timeout', status: 504 }]);
  });

  it('cancel aborts the reads in flight, sends nothing more, and keeps finished outcomes', async () => {
    const fake = manualClient();
    const outcomes = new Map<number, BatchOutcome>();
    const controller = new AbortController();
    const run = lookUpAll(fake.client, 20, {
      concurrency: 4,
      signal: controller.signal,
      onOutcome: (i, o) => outcomes.set(i, o),
    });
    await tick();
    fake.pending.shift()?.resolve();
    fake.pending.shift()?.resolve();
    await tick();
    const inFlight = fake.pending.map((p) => p.signal);
    expect(inFlight).toHaveLength(4);
    controller.abort();
    await run;
    expect(inFlight.every((signal) => signal?.aborted)).toBe(true);
    expect(outcomes.size).toBe(2);
    expect(fake.calls).toHaveLength(6);
    expect(fake.inFlight()).toBe(0);
  });

  it('cancel during a 429 pause stops at once', async () => {
    const client: BatchClient = {
      getCell: async () => {
        throw new ApiError('rate-limited', 'HTTP 429', { status: 429, retryAfterSeconds: 60 });
      },
    };
    const controller = new AbortController();
    const run = lookUpAll(client, 2, {
      signal: controller.signal,
      onOutcome: () => undefined,
      onRetry: () => controller.abort(),
    });
    await expect(run).resolves.toBeUndefined();
  });

  it("sends each cell's LAC and radio with it", async () => {
    const seen: Array<[string, unknown]> = [];
    const client: BatchClient = {
      getCell: async (_keys, id, options) => {
        seen.push([id.cellid, options?.hints]);
        return {
          data: cellOf(id),
          raw: { url: '', status: 200, contentType: '', body: '', truncated: false, durationMs: 0 },
        };
      },
    };
    await lookUpAll(client, 2, {
      hints: [{ lac: '6001', radio: 'LTE' }, undefined],
      concurrency: 1,
      onOutcome: () => undefined,
    });
    expect(seen).toEqual([
      ['1', { lac: '6001', radio: 'LTE' }],
      ['2', undefined],
    ]);
  });

  it("ends a cell at once when a cell source's daily limit is reached, instead of waiting hours", async () => {
    const client: BatchClient = {
      getCell: async () => {
        throw new ApiError('rate-limited', 'HTTP 429', {
          status: 429,
          code: 'source-limit',
          retryAfterSeconds: 6 * 3600,
        });
      },
    };
    const outcomes: BatchOutcome[] = [];
    const sleep = vi.fn(async () => undefined);
    await lookUpAll(client, 3, {
      onOutcome: (_i, outcome) => outcomes.push(outcome),
      sleep,
    });
    expect(outcomes).toEqual(Array(3).fill({ ok: false, kind: 'rate-limited', status: 429 }));
    expect(sleep).not.toHaveBeenCalled();
  });
});
