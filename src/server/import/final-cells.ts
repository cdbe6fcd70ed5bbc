import type { BoxCells } from '../store/cells-rtree-plan';
import type { Db } from '../store/sqlite';
import type { RowBatch } from './batch-reader';

/** The cells a table holds, in key order, as far as the import's rules and the cells-in-view index need them. */
export interface HeldCells {
  length: number;
  mcc: Uint16Array;
  mnc: Uint16Array;
  cellid: Float64Array;
  samples: Float64Array;
  /** NaN where the cell has no position. */
  lat: Float64Array;
  lon: Float64Array;
  radio: Uint8Array;
}

const emptyHeld = (capacity: number): HeldCells => ({
  length: 0,
  mcc: new Uint16Array(capacity),
  mnc: new Uint16Array(capacity),
  cellid: new Float64Array(capacity),
  samples: new Float64Array(capacity),
  lat: new Float64Array(capacity),
  lon: new Float64Array(capacity),
  radio: new Uint8Array(capacity),
});

/** Every cell of the table, read before an import writes. */
export function readHeldCells(db: Db): HeldCells {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells').get()?.n ?? 0;
  const held = emptyHeld(count);
  const rows = db
    .prepare<[], [number, number, number, number, number | null, number | null, number]>(
      `SELECT mcc, mnc, cellid, samples, lat, lon, coalesce(radio, 0) FROM cells ORDER BY mcc, mnc, cellid`,
    )
    .raw();
  for (const [mcc, mnc, cellid, samples, lat, lon, radio] of rows.iterate()) {
    const i = held.length++;
    held.mcc[i] = mcc;
    held.mnc[i] = mnc;
    held.cellid[i] = cellid;
    held.samples[i] = samples;
    held.lat[i] = lat ?? NaN;
    held.lon[i] = lon ?? NaN;
    held.radio[i] = radio;
  }
  return held;
}

/** -1, 0 or 1 as key (mcc × 1000 + mnc) and cellid come before, with or after the held cell `j`. */
function compare(key: number, cellid: number, held: HeldCells, j: number): number {
  const heldKey = held.mcc[j]! * 1000 + held.mnc[j]!;
  return key - heldKey || cellid - held.cellid[j]!;
}

/** Where the merge of held cells and a run's rows takes each cell of the table after the run, in key order. */
interface MergeSink {
  held(j: number): void;
  row(i: number, mcc: number): void;
}

/**
 * The cells the table holds once `rows` (sortRows') are written over `held`, in key order, each to `sink`: of each
 * cell, the file's last row kept (the one with the most samples, the first of equal ones) where it has more samples
 * than the held cell, else the held cell, as the upsert decides. Returns how many cells the table holds.
 */
function merge(held: HeldCells, rows: RowBatch, sink: MergeSink): number {
  let j = 0;
  let count = held.length;
  for (let i = 0; i < rows.length; i++) {
    const key = rows.key[i]!;
    const cellid = rows.cellid[i]!;
    if (i + 1 < rows.length && rows.key[i + 1] === key && rows.cellid[i + 1] === cellid) continue;
    while (j < held.length && compare(key, cellid, held, j) > 0) sink.held(j++);
    const same = j < held.length && compare(key, cellid, held, j) === 0;
    if (same && !(rows.samples[i]! > held.samples[j]!)) sink.held(j);
    else sink.row(i, Math.floor(key / 1000));
    if (same) j++;
    else count++;
  }
  while (j < held.length) sink.held(j++);
  return count;
}

/** How many cells the table holds once `rows` (sortRows') are written over `held` (see merge). */
function mergedCount(held: HeldCells, rows: RowBatch): number {
  return merge(held, rows, { held: () => undefined, row: () => undefined });
}

/**
 * merge's cells, written into `held`'s own arrays from their end down (`count` of them: mergedCount), where they
 * have room: a cell is only ever written at or above where it is read from, so none is overwritten before it is
 * read, and nothing is allocated.
 */
function mergeInPlace(held: HeldCells, rows: RowBatch, count: number): void {
  let j = held.length - 1;
  let k = count - 1;
  const copy = (from: number): void => {
    held.mcc[k] = held.mcc[from]!;
    held.mnc[k] = held.mnc[from]!;
    held.cellid[k] = held.cellid[from]!;
    held.samples[k] = held.samples[from]!;
    held.lat[k] = held.lat[from]!;
    held.lon[k] = held.lon[from]!;
    held.radio[k--] = held.radio[from]!;
  };
  for (let i = rows.length - 1; i >= 0; i--) {
    // Of a cell's rows, the last (sortRows' last has the most samples): the earlier ones are passed over.
    const last = i;
    const key = rows.key[i]!;
    const cellid = rows.cellid[i]!;
    while (i > 0 && rows.key[i - 1] === key && rows.cellid[i - 1] === cellid) i--;
    while (j >= 0 && compare(key, cellid, held, j) < 0) copy(j--);
    const same = j >= 0 && compare(key, cellid, held, j) === 0;
    if (same && !(rows.samples[last]! > held.samples[j]!)) copy(j);
    else {
      const mcc = Math.floor(key / 1000);
      held.mcc[k] = mcc;
      held.mnc[k] = key - mcc * 1000;
      held.cellid[k] = cellid;
      held.samples[k] = rows.samples[last]!;
      held.lat[k] = rows.lat[last]!;
      held.lon[k] = rows.lon[last]!;
      held.radio[k--] = rows.radio[last]!;
    }
    if (same) j--;
  }
  // The held cells below every row's are where they were (k === j).
  held.length = count;
}

/**
 * The cells the table holds once `rows` (sortRows') are written over `held`, positioned or not, with their
 * samples: what an import of several transactions holds from one to the next, so that its last one loads the index
 * from memory instead of reading the whole table back (see runWriter).
 */
export function mergeHeld(held: HeldCells, rows: RowBatch, room = 0): HeldCells {
  const count = mergedCount(held, rows);
  if (count + room <= held.mcc.length) {
    mergeInPlace(held, rows, count);
    return held;
  }
  // Room for the next runs (`room` cells each), so that they merge in place and the last makes the index's cells
  // in these arrays: no second copy of them made, or left for the collector, while the index is planned. Pages of
  // the room never written cost no memory.
  const out = emptyHeld(2 * (count + room));
  const add = (
    mcc: number,
    mnc: number,
    cellid: number,
    samples: number,
    lat: number,
    lon: number,
    radio: number,
  ) => {
    const k = out.length++;
    out.mcc[k] = mcc;
    out.mnc[k] = mnc;
    out.cellid[k] = cellid;
    out.samples[k] = samples;
    out.lat[k] = lat;
    out.lon[k] = lon;
    out.radio[k] = radio;
  };
  merge(held, rows, {
    held: (j) =>
      add(
        held.mcc[j]!,
        held.mnc[j]!,
        held.cellid[j]!,
        held.samples[j]!,
        held.lat[j]!,
        held.lon[j]!,
        held.radio[j]!,
      ),
    row: (i, mcc) =>
      add(
        mcc,
        rows.key[i]! - mcc * 1000,
        rows.cellid[i]!,
        rows.samples[i]!,
        rows.lat[i]!,
        rows.lon[i]!,
        rows.radio[i]!,
      ),
  });
  return out;
}

/**
 * The positioned cells the table holds once `rows` (sortRows') are written over `held`, in key order (see merge),
 * and how many cells it holds, positioned or not.
 */
export function finalCells(held: HeldCells, rows: RowBatch): { positioned: BoxCells; count: number } {
  const count = mergedCount(held, rows);
  if (count <= held.mcc.length) return { positioned: positionedInPlace(held, rows, count), count };
  const capacity = count;
  const out: BoxCells = {
    length: 0,
    mcc: new Uint16Array(capacity),
    mnc: new Uint16Array(capacity),
    cellid: new Float64Array(capacity),
    lon: new Float64Array(capacity),
    lat: new Float64Array(capacity),
    radio: new Uint8Array(capacity),
  };
  const add = (mcc: number, mnc: number, cellid: number, lon: number, lat: number, radio: number): void => {
    if (Number.isNaN(lon) || Number.isNaN(lat)) return;
    const i = out.length++;
    out.mcc[i] = mcc;
    out.mnc[i] = mnc;
    out.cellid[i] = cellid;
    out.lon[i] = lon;
    out.lat[i] = lat;
    out.radio[i] = radio;
  };
  merge(held, rows, {
    held: (j) => add(held.mcc[j]!, held.mnc[j]!, held.cellid[j]!, held.lon[j]!, held.lat[j]!, held.radio[j]!),
    row: (i, mcc) =>
      add(mcc, rows.key[i]! - mcc * 1000, rows.cellid[i]!, rows.lon[i]!, rows.lat[i]!, rows.radio[i]!),
  });
  return { positioned: out, count };
}

/**
 * finalCells in `held`'s own arrays, when they have room for the cells (mergeHeld's `room`): merged in place, then
 * the positioned ones moved down over those without a position. `held` is used up: its arrays are the answer's.
 */
function positionedInPlace(held: HeldCells, rows: RowBatch, count: number): BoxCells {
  mergeInPlace(held, rows, count);
  const { mcc, mnc, cellid, lon, lat, radio } = held;
  let p = 0;
  for (let i = 0; i < count; i++) {
    if (Number.isNaN(lon[i]!) || Number.isNaN(lat[i]!)) continue;
    mcc[p] = mcc[i]!;
    mnc[p] = mnc[i]!;
    cellid[p] = cellid[i]!;
    lon[p] = lon[i]!;
    lat[p] = lat[i]!;
    radio[p++] = radio[i]!;
  }
  held.length = 0;
  return { length: p, mcc, mnc, cellid, lon, lat, radio };
}
