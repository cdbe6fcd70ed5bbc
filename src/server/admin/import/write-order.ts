import { radixPass } from '../../store/sqlite/radix-order';
import { ROW_COLUMNS, type RowBatch } from './batch-reader';

/**
 * The rows in key order, mcc, mnc, then cellid, rows of the same cell in file order. A radix sort in four passes of
 * the key's 56 bits (cellid's low 16, its next 16, then mcc × 1000 + mnc with cellid's top 4 bits, in two halves):
 * a comparator sort of 3,000,000 indices took ten times as long.
 */
export function keyOrder(rows: RowBatch): Uint32Array {
  const n = rows.length;
  const low = new Uint32Array(n);
  const high = new Uint32Array(n);
  for (let i = 0; i < n; i++) {
    const cellid = rows.cellid[i]!;
    low[i] = cellid >>> 0;
    high[i] = rows.key[i]! * 16 + Math.floor(cellid / 2 ** 32);
  }
  let from = new Uint32Array(n);
  let to = new Uint32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  const digits = new Uint16Array(n);
  for (const [word, shift, buckets] of [
    [low, 0, 65536],
    [low, 16, 65536],
    [high, 0, 4096],
    [high, 12, 4096],
  ] as const) {
    const mask = buckets - 1;
    for (let i = 0; i < n; i++) digits[i] = (word[i]! >>> shift) & mask;
    if (radixPass(digits, buckets, from, to, n)) [from, to] = [to, from];
  }
  return from;
}

type Column = (typeof ROW_COLUMNS)[number];
type Numbers = Float64Array | Int32Array | Uint32Array | Uint8Array;

/** `values` at the given positions, in their order, written back from the start of `values`. */
function gather(values: Numbers, at: Uint32Array, count: number): void {
  const picked = new (values.constructor as new (n: number) => Numbers)(count);
  for (let k = 0; k < count; k++) picked[k] = values[at[k]!]!;
  values.set(picked);
}

/**
 * Leaves in `rows` the rows to write, in key order: of each cell's rows, only those with more samples than every
 * earlier one. A row with no more samples than an earlier row of its cell changes nothing whatever the table
 * holds (the upsert keeps the stored row unless the new one has more samples), so writing these gives the same
 * cells, and the same count of changes, as writing every row in file order. The rows are moved, one column at a
 * time through one spare column, so that every pass after this one (the upserts, the index) reads them in memory
 * order instead of at random: the key and the samples first, which say the rows kept, then the rest of those.
 */
export function sortRows(rows: RowBatch): void {
  const order = keyOrder(rows);
  const n = rows.length;
  const { key, cellid, samples } = rows;
  for (const values of [key, cellid, samples]) gather(values, order, n);
  // keep[k]: the k-th row kept, as a position in key order, then as a row of the file.
  const keep = new Uint32Array(n);
  let kept = 0;
  let best = -1;
  for (let i = 0; i < n; i++) {
    const same = i > 0 && key[i] === key[i - 1] && cellid[i] === cellid[i - 1];
    if (same && samples[i]! <= best) continue;
    best = samples[i]!;
    keep[kept++] = i;
  }
  if (kept < n) for (const values of [key, cellid, samples]) gather(values, keep, kept);
  for (let k = 0; k < kept; k++) keep[k] = order[keep[k]!]!;
  for (const column of ROW_COLUMNS as readonly Column[]) {
    if (column !== 'key' && column !== 'cellid' && column !== 'samples') gather(rows[column], keep, kept);
  }
  rows.length = kept;
}
