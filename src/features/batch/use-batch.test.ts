// @vitest-environment jsdom
import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Cell, CellId } from '../../api/types';
import type { BatchSnapshot } from './batch-run';
import type { BatchEntry } from './parse';
import type { BatchClient } from './runner';
import { useBatch } from './use-batch';

const entries = (n: number): BatchEntry[] =>
  Array.from({ length: n }, (_, i) => ({
    line: i + 1,
    id: { mcc: '244', mnc: '91', cellid: String(i + 1) },
    duplicates: 0,
  }));

const KEYS = { serviceKey: 's', userKey: 'u' };

const cellOf = (id: CellId): Cell => ({
  ...id,
  lat: '60.000000',
  lon: '25.000000',
  lac: '0',
  name: 'x',
  position: { lat: 60, lon: 25 },
});

describe('useBatch', () => {
  it('2,000 answers are published in a few renders, not one each', async () => {
    const client: BatchClient = {
      getCell: async (_k, id) => ({ data: cellOf(id), raw: undefined as never }),
    };
    let renders = 0;
    const { result } = renderHook(() => {
      renders += 1;
      return useBatch(client);
    });
    act(() => result.current.start(entries(2000), { keys: KEYS, format: 'xml', concurrency: 16 }));
    await waitFor(() => expect(result.current.snapshot.phase).toBe('done'));
    expect(result.current.snapshot).toMatchObject({ done: 2000, failed: 0, total: 2000 });
    expect(result.current.snapshot.cells).toHaveLength(2000);
    expect(renders).toBeLessThan(50);
  });

  it('a snapshot once shown never changes: later answers come in new ones', async () => {
    const client: BatchClient = {
      getCell: async (_k, id) => ({ data: cellOf(id), raw: undefined as never }),
    };
    const shown: Array<{ snapshot: BatchSnapshot; answered: number; found: number }> = [];
    const { result } = renderHook(() => {
      const batch = useBatch(client);
      const { snapshot } = batch;
      if (shown.at(-1)?.snapshot !== snapshot) {
        const answered = snapshot.rows.filter((row) => row.outcome !== undefined).length;
        shown.push({ snapshot, answered, found: snapshot.cells.length });
      }
      return batch;
    });
    act(() => result.current.start(entries(500), { keys: KEYS, format: 'xml', concurrency: 16 }));
    await waitFor(() => expect(result.current.snapshot.phase).toBe('done'));
    expect(shown.length).toBeGreaterThan(2);
    for (const { snapshot, answered, found } of shown) {
      expect(snapshot.rows.filter((row) => row.outcome !== undefined)).toHaveLength(answered);
      expect(snapshot.cells).toHaveLength(found);
      expect(found).toBe(snapshot.done - snapshot.failed);
    }
  });

  it('cancel keeps what finished and marks the run cancelled', async () => {
    let answered = 0;
    const client: BatchClient = {
      getCell: (_k, id, options) =>
        answered < 3
          ? (answered++, Promise.resolve({ data: cellOf(id), raw: undefined as never }))
          : new Promise((_resolve, reject) =>
              options?.signal?.addEventListener('abort', () => reject(options.signal?.reason)),
            ),
    };
    const { result } = renderHook(() => useBatch(client));
    act(() => result.current.start(entries(10), { keys: KEYS, format: 'xml', concurrency: 2 }));
    await waitFor(() => expect(result.current.snapshot.done).toBe(3));
    act(() => result.current.cancel());
    await waitFor(() => expect(result.current.snapshot.phase).toBe('cancelled'));
    expect(result.current.snapshot.done).toBe(3);
    expect(result.current.snapshot.rows.filter((r) => r.outcome?.ok)).toHaveLength(3);
  });
});
