import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { OPENCELLID_ORIGIN } from '../store/records';
import { LOCKS } from '../store/postgres/locks';
import { swapTable } from '../store/postgres/swap-table';
import type { RowBatch } from './batch-reader';

/** What an import changed, once committed. */
export interface WrittenCells {
  cellsBefore: number;
  cellsAfter: number;
  /** Cells new or replaced (a row with more samples than the stored one). */
  written: number;
  /** Of the time, the rebuild and swap of the table (0 when merged in place). */
  rebuildSeconds: number;
}

export interface CellsWriter {
  /** Streams a batch to the server (COPY); resolves when the stream takes more. */
  write(batch: RowBatch, names: readonly string[]): Promise<void>;
  /** Merges what was streamed into `cells` and commits: every cell of the import, or (on failure) none. */
  finish(): Promise<WrittenCells>;
  /** Rolls back: `cells` stays as it was. */
  abort(): Promise<void>;
}

/** Below this many rows, or below half the cells already stored, the rows are merged in place. */
export const REBUILD_MIN_ROWS = 100_000;

const STAGED_COLUMNS = 'seq, mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated';
const CELL_COLUMNS = 'mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin';

/** COPY's text format: a backslash, tab, newline or carriage return in a value is written as an escape. */
function copyText(value: string): string {
  return value.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/**
 * The winner of each cell: the row with the most samples, the stored row on a tie with an imported one, the
 * earlier of two imported rows otherwise (as SQLite's upsert decides, row by row). `seq` -1 marks the stored rows.
 */
function winners(source: string): string {
  return `SELECT DISTINCT ON (mcc, mnc, cellid) * FROM (${source}) AS rows
    ORDER BY mcc, mnc, cellid, samples DESC, seq`;
}

/**
 * Opens the import's transaction on a connection of its own: one import at a time (an advisory lock), rows
 * streamed into a temporary table. A connection lost, a process killed: PostgreSQL rolls the transaction back.
 */
export async function openCellsWriter(
  pool: pg.Pool,
  options: { rebuild?: boolean } = {},
): Promise<CellsWriter> {
  const client = await pool.connect();
  let seq = 0;
  let escaped: readonly string[] = [];
  let escapedFrom: readonly string[] | undefined;
  let copy: ReturnType<typeof copyFrom> | undefined;
  let copyDone: Promise<void> | undefined;
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...LOCKS.imports]);
    // For the sort of the merge and the index builds: this transaction's own, not the server's default.
    await client.query("SET LOCAL work_mem = '256MB'");
    await client.query("SET LOCAL maintenance_work_mem = '512MB'");
    await client.query(
      `CREATE TEMPORARY TABLE import_rows (seq bigint, mcc integer, mnc integer, cellid bigint, lac bigint,
         lat double precision, lon double precision, name text, samples integer, range integer, radio smallint,
         updated bigint) ON COMMIT DROP`,
    );
    copy = client.query(copyFrom(`COPY import_rows (${STAGED_COLUMNS}) FROM STDIN`));
    const stream = copy;
    copyDone = new Promise((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    copyDone.catch(() => undefined);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(true);
    throw error;
  }

  async function end(commit: boolean): Promise<void> {
    try {
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    } catch (error) {
      broken = error as Error;
      if (commit) throw error;
    } finally {
      client.release(broken);
    }
  }

  return {
    async write(batch, names) {
      if (names !== escapedFrom) [escaped, escapedFrom] = [names.map(copyText), names];
      let text = '';
      for (let i = 0; i < batch.length; i++) {
        const key = batch.key[i]!;
        const mcc = Math.floor(key / 1000);
        const range = batch.range[i]!;
        const radio = batch.radio[i]!;
        const updated = batch.updated[i]!;
        text +=
          `${seq++}\t${mcc}\t${key - mcc * 1000}\t${batch.cellid[i]}\t${batch.lac[i]}\t${batch.lat[i]}\t` +
          `${batch.lon[i]}\t${escaped[batch.town[i]!] ?? ''}\t${batch.samples[i]}\t${range < 0 ? '\\N' : range}\t` +
          `${radio === 0 ? '\\N' : radio}\t${updated === 0 ? '\\N' : updated}\n`;
        if (text.length >= 1 << 20) {
          if (!copy!.write(text)) await once(copy!, 'drain');
          text = '';
        }
      }
      if (text !== '' && !copy!.write(text)) await once(copy!, 'drain');
    },

    async finish() {
      let written: WrittenCells;
      try {
        copy!.end();
        await copyDone;
        written = await merge(client, options.rebuild);
      } catch (error) {
        await end(false);
        throw error;
      }
      await end(true);
      return written;
    },

    async abort() {
      copy?.destroy();
      await copyDone?.catch(() => undefined);
      await end(false);
    },
  };
}

async function count(client: pg.PoolClient, text: string): Promise<number> {
  return Number((await client.query<{ n: string | number }>(text)).rows[0]?.n ?? 0);
}

/** Merges the staged rows into `cells`: in place for a few, by rebuilding the table for many (or as `rebuild` says). */
async function merge(client: pg.PoolClient, rebuild?: boolean): Promise<WrittenCells> {
  const staged = await count(client, 'SELECT count(*) AS n FROM import_rows');
  const cellsBefore = await count(client, 'SELECT count(*) AS n FROM cells');
  if (!(rebuild ?? (staged >= REBUILD_MIN_ROWS && staged >= cellsBefore / 2))) {
    const written = await count(
      client,
      `WITH w AS (
         INSERT INTO cells (${CELL_COLUMNS})
         SELECT mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, ${OPENCELLID_ORIGIN}
         FROM (${winners('SELECT * FROM import_rows')}) AS best
         ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET
           lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name,
           samples = excluded.samples, range = excluded.range, radio = excluded.radio, updated = excluded.updated,
           origin = excluded.origin
         WHERE excluded.samples > cells.samples
         RETURNING 1)
       SELECT count(*) AS n FROM w`,
    );
    const cellsAfter = await count(client, 'SELECT count(*) AS n FROM cells');
    return { cellsBefore, cellsAfter, written, rebuildSeconds: 0 };
  }
  const began = performance.now();
  // Writers wait until the commit (their cells would be missing from the copy); readers go on.
  await client.query('LOCK TABLE cells IN EXCLUSIVE MODE');
  await client.query('CREATE TABLE cells_import (LIKE cells INCLUDING ALL EXCLUDING INDEXES)');
  const totals = await client.query<{ written: number; total: number }>(
    `WITH best AS (${winners(
      `SELECT -1::bigint AS seq, ${CELL_COLUMNS} FROM cells
       UNION ALL SELECT seq, mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated,
         ${OPENCELLID_ORIGIN}::smallint FROM import_rows`,
    )}),
     w AS (INSERT INTO cells_import (${CELL_COLUMNS}) SELECT ${CELL_COLUMNS} FROM best RETURNING 1)
     SELECT (SELECT count(*) FROM best WHERE seq >= 0) AS written, (SELECT count(*) FROM w) AS total`,
  );
  const written = Number(totals.rows[0]?.written ?? 0);
  const cellsAfter = Number(totals.rows[0]?.total ?? 0);
  await swapTable(client, 'cells', 'cells_import');
  return { cellsBefore, cellsAfter, written, rebuildSeconds: (performance.now() - began) / 1000 };
}
