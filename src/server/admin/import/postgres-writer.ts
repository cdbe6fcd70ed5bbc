import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { OPENCELLID_ORIGIN } from '../../store/records';
import { LOCKS } from '../../store/postgres/locks';
import { takeClient } from '../../store/postgres/pool';
import { swapTable } from '../../store/postgres/swap-table';
import { rebuildCellCounts } from '../../store/postgres/cell-counts';
import type { RowBatch } from './batch-reader';
import { binaryRows, COPY_HEADER, COPY_TRAILER } from './copy-binary';

/** What an import changed, once committed. */
export interface WrittenCells {
  cellsBefore: number;
  cellsAfter: number;
  /** Cells new or replaced (a row with more samples than the stored one). */
  written: number;
  /** Of the time, the table's rebuild after the rows came: duplicates, indexes, swap (0 when merged in place). */
  rebuildSeconds: number;
  /** Seconds of each step of the rebuild, in order. */
  steps: Array<[string, number]>;
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

/** Whether an import of about `rows` rows into `cells` cells rebuilds the table rather than merging in place. */
export function rebuilds(rows: number, cells: number): boolean {
  return rows >= REBUILD_MIN_ROWS && rows >= cells / 2;
}

const ROW_COLUMNS = 'seq, mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin';
const CELL_COLUMNS = 'mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin';
const KEY = 'mcc, mnc, cellid';
/* Of two rows of one cell, the one with more samples wins; on a tie the stored row (seq -1), then the earlier row of
   the file: as SQLite's upsert decides, row by row. */
const BEST_FIRST = 'samples DESC, seq';

interface Duplicates {
  mcc: number[];
  mnc: number[];
  cellid: number[];
}

/** The cells' keys seen so far, by operator, and those seen more than once. */
class KeySet {
  readonly #seen = new Map<number, Set<number>>();
  readonly #twice = new Map<number, Set<number>>();

  add(batch: RowBatch): void {
    for (let i = 0; i < batch.length; i++) {
      const operator = batch.key[i]!;
      const cellid = batch.cellid[i]!;
      let cells = this.#seen.get(operator);
      if (cells === undefined) this.#seen.set(operator, (cells = new Set()));
      if (!cells.has(cellid)) cells.add(cellid);
      else {
        let twice = this.#twice.get(operator);
        if (twice === undefined) this.#twice.set(operator, (twice = new Set()));
        twice.add(cellid);
      }
    }
  }

  duplicates(): Duplicates {
    const found: Duplicates = { mcc: [], mnc: [], cellid: [] };
    for (const [operator, cellids] of this.#twice) {
      const mcc = Math.floor(operator / 1000);
      for (const cellid of cellids) {
        found.mcc.push(mcc);
        found.mnc.push(operator - mcc * 1000);
        found.cellid.push(cellid);
      }
    }
    return found;
  }
}

const count = async (client: pg.PoolClient, text: string): Promise<number> =>
  Number((await client.query<{ n: string | number }>(text)).rows[0]?.n ?? 0);

/** The import's transaction, begun under its lock, and where its rows go. */
async function begin(
  client: pg.PoolClient,
  expectedRows: number,
  rebuild: boolean | undefined,
): Promise<{ target: Target; cellsBefore: number }> {
  await client.query('BEGIN');
  await client.query('SELECT pg_advisory_xact_lock($1, $2)', [...LOCKS.imports]);
  // For the merge's hashes and sorts and the index builds: this transaction's own, not the server's default.
  await client.query("SET LOCAL work_mem = '256MB'");
  await client.query("SET LOCAL maintenance_work_mem = '512MB'");
  const cellsBefore = await count(client, 'SELECT count(*) AS n FROM cells');
  const target =
    (rebuild ?? rebuilds(expectedRows, cellsBefore))
      ? await startRebuild(client, cellsBefore)
      : await startMerge(client);
  return { target, cellsBefore };
}

/**
 * Opens the import's transaction on a connection of its own, one import at a time (an advisory lock). Rows for a
 * few are streamed into a temporary table and merged in place at the end; rows for many, straight into a new copy
 * of the table (after the stored cells), which is rid of its duplicates, indexed and swapped in at the end. A
 * connection lost or a process killed: PostgreSQL rolls the transaction back, `cells` is as it was.
 */
export async function openCellsWriter(
  pool: pg.Pool,
  expectedRows: number,
  rebuild?: boolean,
): Promise<CellsWriter> {
  const { client, release } = await takeClient(pool);
  let seq = 0;
  let encoded: readonly Buffer[] = [];
  let encodedFrom: readonly string[] | undefined;
  let copy: ReturnType<typeof copyFrom>;
  let copied: Promise<void>;
  let broken: Error | undefined;
  let merge: () => Promise<WrittenCells>;
  let keys: KeySet | undefined;
  try {
    const { target, cellsBefore } = await begin(client, expectedRows, rebuild);
    if (target.tracks) keys = new KeySet();
    merge = () => target.finish(cellsBefore, seq, keys?.duplicates());
    copy = client.query(copyFrom(`COPY ${target.table} (${ROW_COLUMNS}) FROM STDIN WITH (FORMAT binary)`));
    copy.write(COPY_HEADER);
    const stream = copy;
    copied = new Promise((resolve, reject) => {
      stream.on('finish', resolve);
      stream.on('error', reject);
    });
    copied.catch(() => undefined);
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    release(true);
    throw error;
  }

  async function end(commit: boolean): Promise<void> {
    try {
      await client.query(commit ? 'COMMIT' : 'ROLLBACK');
    } catch (error) {
      broken = error as Error;
      if (commit) throw error;
    } finally {
      release(broken);
    }
  }

  return {
    async write(batch, names) {
      if (names !== encodedFrom)
        [encoded, encodedFrom] = [names.map((name) => Buffer.from(name, 'utf8')), names];
      keys?.add(batch);
      const rows = binaryRows(batch, encoded, seq, OPENCELLID_ORIGIN);
      seq += batch.length;
      if (!copy.write(rows)) await once(copy, 'drain');
    },

    async finish() {
      let written: WrittenCells;
      try {
        copy.end(COPY_TRAILER);
        await copied;
        written = await merge();
      } catch (error) {
        await end(false);
        throw error;
      }
      await end(true);
      return written;
    },

    async abort() {
      copy.destroy();
      await copied.catch(() => undefined);
      await end(false);
    },
  };
}

interface Target {
  /** The table COPY streams the rows into. */
  table: string;
  /** Whether the rows' keys are to be tracked (a rebuild into an empty table finds its duplicates so). */
  tracks: boolean;
  finish(cellsBefore: number, streamed: number, duplicates: Duplicates | undefined): Promise<WrittenCells>;
}

/** A few rows: staged in a temporary table, then each cell's best row upserted into `cells`. */
async function startMerge(client: pg.PoolClient): Promise<Target> {
  await client.query(
    `CREATE TEMPORARY TABLE import_rows (seq bigint, mcc integer, mnc integer, cellid bigint, lac bigint,
       lat double precision, lon double precision, name text, samples integer, range integer, radio smallint,
       updated bigint, origin smallint) ON COMMIT DROP`,
  );
  return {
    table: 'import_rows',
    tracks: false,
    async finish(cellsBefore) {
      const written = await count(
        client,
        `WITH w AS (
           INSERT INTO cells (${CELL_COLUMNS})
           SELECT ${CELL_COLUMNS}
           FROM (SELECT DISTINCT ON (${KEY}) * FROM import_rows ORDER BY ${KEY}, ${BEST_FIRST}) AS best
           ON CONFLICT (${KEY}) DO UPDATE SET
             lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name,
             samples = excluded.samples, range = excluded.range, radio = excluded.radio,
             updated = excluded.updated, origin = excluded.origin
           WHERE excluded.samples > cells.samples
           RETURNING 1)
         SELECT count(*) AS n FROM w`,
      );
      const cellsAfter = await count(client, 'SELECT count(*) AS n FROM cells');
      return { cellsBefore, cellsAfter, written, rebuildSeconds: 0, steps: [] };
    },
  };
}

/**
 * Many rows: a new table like `cells` (with a `seq` of its own while it is built) holding the stored cells, into
 * which the rows stream. Writers of cells wait until the commit (their cells would be missing from the copy);
 * readers go on reading the old table.
 */
async function startRebuild(client: pg.PoolClient, cellsBefore: number): Promise<Target> {
  await client.query('LOCK TABLE cells IN EXCLUSIVE MODE');
  await client.query('CREATE TABLE cells_import (seq bigint, LIKE cells INCLUDING ALL EXCLUDING INDEXES)');
  await client.query(`INSERT INTO cells_import (seq, ${CELL_COLUMNS}) SELECT -1, ${CELL_COLUMNS} FROM cells`);
  return {
    table: 'cells_import',
    tracks: cellsBefore === 0,
    async finish(_, streamed, duplicates) {
      const began = performance.now();
      const steps: Array<[string, number]> = [];
      let since = began;
      const step = (name: string): void => {
        const now = performance.now();
        steps.push([name, (now - since) / 1000]);
        since = now;
      };
      const rows = cellsBefore + streamed;
      // Most cells come once: only the rows of those that do not are ranked. Their keys were seen as the rows came,
      // or, with stored cells to compare with, are found by hashing every key.
      await client.query(
        duplicates === undefined
          ? `CREATE TEMPORARY TABLE import_duplicates ON COMMIT DROP AS
             SELECT ${KEY} FROM cells_import GROUP BY ${KEY} HAVING count(*) > 1`
          : `CREATE TEMPORARY TABLE import_duplicates ON COMMIT DROP AS
             SELECT * FROM unnest($1::int[], $2::int[], $3::bigint[]) AS d (${KEY})`,
        duplicates === undefined ? [] : [duplicates.mcc, duplicates.mnc, duplicates.cellid],
      );
      step('duplicates found');
      // With the statistics of the duplicates, the planner hashes them rather than sorting every row (4.4 -> 0.8 s).
      await client.query('ANALYZE import_duplicates');
      const dropped = await client.query<{ imported: string | number; all: string | number }>(
        `WITH losers AS (
           SELECT row FROM (
             SELECT c.ctid AS row, row_number() OVER (PARTITION BY ${KEY} ORDER BY ${BEST_FIRST}) AS rank
             FROM cells_import AS c JOIN import_duplicates USING (${KEY})
           ) AS ranked WHERE rank > 1),
         gone AS (DELETE FROM cells_import WHERE ctid = ANY (ARRAY(SELECT row FROM losers)) RETURNING seq)
         SELECT count(*) FILTER (WHERE seq >= 0) AS imported, count(*) AS all FROM gone`,
      );
      const lost = dropped.rows[0];
      await client.query('ALTER TABLE cells_import DROP COLUMN seq');
      step('their losers deleted');
      await swapTable(client, 'cells', 'cells_import', step);
      await rebuildCellCounts(client);
      step('counts rebuilt');
      const cellsAfter = rows - Number(lost?.all ?? 0);
      return {
        cellsBefore,
        cellsAfter,
        written: rows - cellsBefore - Number(lost?.imported ?? 0),
        rebuildSeconds: (performance.now() - began) / 1000,
        steps,
      };
    },
  };
}
