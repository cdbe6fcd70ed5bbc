import { describe, expect, it } from 'vitest';
import { newBatch, type RowBatch } from './batch-reader';
import { regroup } from './thread-batches';

/** A part of `rows` rows whose keys count on from `first`. */
function part(first: number, rows: number): RowBatch {
  const batch = newBatch(rows);
  for (let i = 0; i < rows; i++) {
    batch.key[i] = first + i;
    batch.lat[i] = (first + i) / 10;
    batch.town[i] = first + i;
  }
  batch.length = rows;
  return batch;
}

async function* parts(sizes: number[]): AsyncGenerator<RowBatch> {
  let first = 0;
  for (const rows of sizes) {
    const batch = part(first, rows);
    yield batch;
    // The source takes its part back as soon as the next is asked for (threadBatches transfers it away).
    batch.key.fill(-1);
    batch.length = 0;
    first += rows;
  }
}

describe('regroup', () => {
  it('joins parts into batches of exactly the size, splitting a part that does not fit, in order', async () => {
    const seen: Array<{ keys: number[]; lat: number[]; town: number[] }> = [];
    const batches = new Set<RowBatch>();
    for await (const batch of regroup(parts([3, 3, 3, 1]), 4)) {
      batches.add(batch);
      seen.push({
        keys: Array.from(batch.key.subarray(0, batch.length)),
        lat: Array.from(batch.lat.subarray(0, batch.length)),
        town: Array.from(batch.town.subarray(0, batch.length)),
      });
    }
    expect(seen.map((s) => s.keys)).toEqual([
      [0, 1, 2, 3],
      [4, 5, 6, 7],
      [8, 9],
    ]);
    expect(seen[1]?.lat).toEqual([0.4, 0.5, 0.6, 0.7]);
    expect(seen[2]?.town).toEqual([8, 9]);
    // One batch, made once and filled again: the writer holds one batch of the size, not the parts and a copy.
    expect(batches.size).toBe(1);
    expect([...batches][0]?.key.length).toBe(4);
  });

  it('yields nothing for no rows', async () => {
    const out: RowBatch[] = [];
    for await (const batch of regroup(parts([0, 0]), 4)) out.push(batch);
    expect(out).toEqual([]);
  });
});
