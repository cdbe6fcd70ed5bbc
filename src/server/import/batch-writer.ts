import { OPENCELLID_ORIGIN } from '../store/records';
import type { Db } from '../store/sqlite';
import type { RowBatch } from './batch-reader';

/** Rows per INSERT statement: binding many rows per call halves the per-row cost of better-sqlite3. */
const ROWS_PER_STATEMENT = 64;

/** Values bound per row. */
const ROW_PARAMS = 11;

function upsertSql(rows: number): string {
  const row = `(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ${OPENCELLID_ORIGIN})`;
  const values = Array.from({ length: rows }, () => row).join(', ');
  // SQLite applies the rows in order, so a later row of the same statement meets the earlier one here.
  return `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin)
    VALUES ${values}
    ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET
      lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name, samples = excluded.samples,
      range = excluded.range, radio = excluded.radio, updated = excluded.updated, origin = excluded.origin
    WHERE excluded.samples > cells.samples`;
}

/** Key order makes the B-tree writes local; ties keep file order, so the first of equal rows wins. */
function keyOrder(batch: RowBatch): Uint32Array {
  const order = new Uint32Array(batch.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  const { key, cellid } = batch;
  return order.sort((a, b) => key[a]! - key[b]! || cellid[a]! - cellid[b]! || a - b);
}

/** Writes one batch in one transaction, in key order, many rows per statement; counts the cells it changed. */
export function batchWriter(
  db: Db,
  names: () => readonly string[],
): { write(rows: RowBatch, first?: () => void): void; written(): number } {
  const upsertOne = db.prepare(upsertSql(1));
  const upsertMany = db.prepare(upsertSql(ROWS_PER_STATEMENT));
  const params = new Array<number | string | null>(ROWS_PER_STATEMENT * ROW_PARAMS).fill(0);
  let written = 0;
  // `first` runs in the batch's transaction, before its rows.
  const write = db.transaction((rows: RowBatch, first?: () => void) => {
    first?.();
    const town = names();
    const order = keyOrder(rows);
    let p = 0;
    for (let j = 0; j < order.length; j++) {
      const i = order[j]!;
      const key = rows.key[i]!;
      const mcc = Math.floor(key / 1000);
      params[p++] = mcc;
      params[p++] = key - mcc * 1000;
      params[p++] = rows.cellid[i]!;
      params[p++] = rows.lac[i]!;
      params[p++] = rows.lat[i]!;
      params[p++] = rows.lon[i]!;
      params[p++] = town[rows.town[i]!] ?? '';
      params[p++] = rows.samples[i]!;
      const range = rows.range[i]!;
      const updated = rows.updated[i]!;
      params[p++] = range < 0 ? null : range;
      params[p++] = rows.radio[i]! || null;
      params[p++] = updated === 0 ? null : updated;
      if (p === params.length) {
        written += upsertMany.run(params).changes;
        p = 0;
      }
    }
    for (let at = 0; at < p; at += ROW_PARAMS) {
      written += upsertOne.run(params.slice(at, at + ROW_PARAMS)).changes;
    }
  });
  return { write, written: () => written };
}
