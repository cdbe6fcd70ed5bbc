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

/** Every cell of the table, read before an import writes. */
export function readHeldCells(db: Db): HeldCells {
  const count = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM cells').get()?.n ?? 0;
  const held: HeldCells = {
    length: 0,
    mcc: new Uint16Array(count),
    mnc: new Uint16Array(count),
    cellid: new Float64Array(count),
    samples: new Float64Array(count),
    lat: new Float64Array(count),
    lon: new Float64Array(count),
    radio: new Uint8Array(count),
  };
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

/**
 * The positioned cells the table holds once `rows` (sortRows') are written over `held`, in key order: of each
 * cell, the file's last row kept (the one with the most samples, the first of equal ones) where it has more
 * samples than the held cell, else the held cell, as the upsert decides; and how many cells it holds, positioned
 * or not.
 */
export function finalCells(held: HeldCells, rows: RowBatch): { positioned: BoxCells; count: number } {
  const capacity = held.length + rows.length;
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
  const addHeld = (j: number): void =>
    add(held.mcc[j]!, held.mnc[j]!, held.cellid[j]!, held.lon[j]!, held.lat[j]!, held.radio[j]!);
  let j = 0;
  let count = held.length;
  for (let i = 0; i < rows.length; i++) {
    const key = rows.key[i]!;
    const cellid = rows.cellid[i]!;
    if (i + 1 < rows.length && rows.key[i + 1] === key && rows.cellid[i + 1] === cellid) continue;
    while (j < held.length && compare(key, cellid, held, j) > 0) addHeld(j++);
    const same = j < held.length && compare(key, cellid, held, j) === 0;
    if (same && !(rows.samples[i]! > held.samples[j]!)) addHeld(j);
    else {
      const mcc = Math.floor(key / 1000);
      add(mcc, key - mcc * 1000, cellid, rows.lon[i]!, rows.lat[i]!, rows.radio[i]!);
    }
    if (same) j++;
    else count++;
  }
  while (j < held.length) addHeld(j++);
  return { positioned: out, count };
}
