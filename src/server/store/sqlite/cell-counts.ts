import type Database from 'better-sqlite3';
import { RADIO_CODES } from '../../store/records';
import {
  COUNT_COLUMNS,
  COUNT_KEY,
  type CountsQuery,
  type OperatorCount,
  type SquareCount,
} from '../cell-counts-port';
import { FINEST, finestSql, LADDER } from '../../../api/map-tiles';

type Db = Database.Database;

/**
 * Cells per square of the map's tiles, per radio and operator, for each zoom of the ladder (tiles.ts), with the sums
 * of their positions: a view's counts are a range of the primary key, whatever the cells number.
 */
export const CELL_COUNTS_TABLE = `
  CREATE TABLE cell_counts (
    zoom INTEGER NOT NULL,
    x INTEGER NOT NULL,
    y INTEGER NOT NULL,
    radio INTEGER NOT NULL,
    mcc INTEGER NOT NULL,
    mnc INTEGER NOT NULL,
    n INTEGER NOT NULL,
    lat_sum REAL NOT NULL,
    lon_sum REAL NOT NULL,
    PRIMARY KEY (${COUNT_KEY})
  ) WITHOUT ROWID;
`;

const ZOOMS = `(${LADDER.map((zoom) => `SELECT ${zoom} AS zoom`).join(' UNION ALL ')})`;

/** The ladder's squares of the cell `row` names ('OLD.', 'NEW.'), as rows of the counts' key and `sign` of it. */
function squaresOf(row: string, sign: 1 | -1): string {
  const { x, y } = finestSql(row, 'min', 'max');
  const shift = `(${FINEST} - z.zoom)`;
  return `SELECT z.zoom, t.x >> ${shift}, t.y >> ${shift}, coalesce(${row}radio, 0), ${row}mcc, ${row}mnc,
      ${sign}, ${sign} * ${row}lat, ${sign} * ${row}lon
    FROM ${ZOOMS} AS z, (SELECT ${x} AS x, ${y} AS y) AS t
    WHERE ${row}lat IS NOT NULL AND ${row}lon IS NOT NULL`;
}

const add = (row: string, sign: 1 | -1) => `
  INSERT INTO cell_counts (${COUNT_COLUMNS}) ${squaresOf(row, sign)}
  ON CONFLICT (${COUNT_KEY}) DO UPDATE SET
    n = n + excluded.n, lat_sum = lat_sum + excluded.lat_sum, lon_sum = lon_sum + excluded.lon_sum;`;

/** Squares a cell left that hold no cell now go. */
const emptied = (row: string) => `
  DELETE FROM cell_counts WHERE n <= 0 AND (${COUNT_KEY}) IN (
    SELECT zoom, x, y, radio, mcc, mnc FROM (
      SELECT z.zoom AS zoom, t.x >> (${FINEST} - z.zoom) AS x, t.y >> (${FINEST} - z.zoom) AS y,
        coalesce(${row}radio, 0) AS radio, ${row}mcc AS mcc, ${row}mnc AS mnc
      FROM ${ZOOMS} AS z, (SELECT ${finestSql(row, 'min', 'max').x} AS x, ${finestSql(row, 'min', 'max').y} AS y) AS t
      WHERE ${row}lat IS NOT NULL AND ${row}lon IS NOT NULL));`;

/** The triggers that keep `cell_counts` in step with `cells` for every single write. */
const TRIGGERS = `
  CREATE TRIGGER IF NOT EXISTS cell_counts_insert AFTER INSERT ON cells
    BEGIN ${add('NEW.', 1)} END;
  CREATE TRIGGER IF NOT EXISTS cell_counts_update AFTER UPDATE OF mcc, mnc, lat, lon, radio ON cells
    BEGIN ${add('OLD.', -1)} ${emptied('OLD.')} ${add('NEW.', 1)} END;
  CREATE TRIGGER IF NOT EXISTS cell_counts_delete AFTER DELETE ON cells
    BEGIN ${add('OLD.', -1)} ${emptied('OLD.')} END;
`;

const TRIGGER_NAMES = ['cell_counts_insert', 'cell_counts_update', 'cell_counts_delete'];

const hasCounts = (db: Db) =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cell_counts'").get() !== undefined;

/** For a bulk import (with pauseCellsBox): no counts per row written; rebuildCellCounts puts them back. */
export function pauseCellCounts(db: Db): void {
  for (const name of TRIGGER_NAMES) db.exec(`DROP TRIGGER IF EXISTS ${name}`);
}

/**
 * The counts made anew from `cells`, and their triggers put back: the finest zoom in one pass over the cells, then
 * each coarser zoom from the one below it (its squares are blocks of four by four of those, and the sums add up).
 * Nothing to do on a database whose schema has no counts yet (a migration before theirs rebuilding the index).
 */
export function rebuildCellCounts(db: Db): void {
  if (!hasCounts(db)) return;
  const { x, y } = finestSql('', 'min', 'max');
  db.exec(`
    DELETE FROM cell_counts;
    INSERT INTO cell_counts (${COUNT_COLUMNS})
      SELECT ${FINEST}, x, y, radio, mcc, mnc, count(*), sum(lat), sum(lon) FROM (
        SELECT ${x} AS x, ${y} AS y, coalesce(radio, 0) AS radio, mcc, mnc, lat, lon
        FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL)
      GROUP BY x, y, radio, mcc, mnc;
  `);
  const finer = [...LADDER].reverse();
  for (let i = 1; i < finer.length; i++) {
    const zoom = finer[i] as number;
    const shift = (finer[i - 1] as number) - zoom;
    db.exec(`
      INSERT INTO cell_counts (${COUNT_COLUMNS})
        SELECT ${zoom}, x >> ${shift}, y >> ${shift}, radio, mcc, mnc, sum(n), sum(lat_sum), sum(lon_sum)
        FROM cell_counts WHERE zoom = ${finer[i - 1]}
        GROUP BY x >> ${shift}, y >> ${shift}, radio, mcc, mnc;
    `);
  }
  db.exec(TRIGGERS);
}

/** The schema's step that brings the counts in (schema.ts): the table, built from the cells there are. */
export function addCellCounts(db: Db): void {
  db.exec(CELL_COUNTS_TABLE);
  rebuildCellCounts(db);
}

/** The columns of `ranges`, each once: the key is probed per column, its rows then a range of `y`. */
const columnsOf = (xs: ReadonlyArray<[number, number]>): string =>
  JSON.stringify(xs.flatMap(([low, high]) => Array.from({ length: high - low + 1 }, (_, i) => low + i)));

const IN_SQUARES = `zoom = @zoom AND x IN (SELECT value FROM json_each(@xs)) AND y BETWEEN @y0 AND @y1
  AND mcc BETWEEN @mccLow AND @mccHigh AND mnc BETWEEN @mncLow AND @mncHigh
  AND radio BETWEEN @radioLow AND @radioHigh`;

/** The query's key ranges as the statements' parameters: a filter not given is its code's whole range. */
function boundsOf({ ranges, mcc, mnc, radio }: CountsQuery) {
  const code = radio === undefined ? undefined : RADIO_CODES.indexOf(radio);
  return {
    zoom: ranges.zoom,
    xs: columnsOf(ranges.xs),
    y0: ranges.ys[0],
    y1: ranges.ys[1],
    mccLow: mcc ?? 0,
    mccHigh: mcc ?? 1023,
    mncLow: mnc ?? 0,
    mncHigh: mnc ?? 1023,
    radioLow: code ?? 0,
    radioHigh: code ?? 7,
  };
}

/** A view's counts per square from `cell_counts`: a range of the primary key per column of squares. */
export function createCellCounts(db: Db): (query: CountsQuery) => SquareCount[] {
  const read = db.prepare<Record<string, number | string>, SquareCount>(
    `SELECT x, y, sum(n) AS n, sum(lat_sum) AS latSum, sum(lon_sum) AS lonSum FROM cell_counts
     WHERE ${IN_SQUARES} GROUP BY x, y HAVING sum(n) > 0`,
  );
  return (query) => read.all(boundsOf(query));
}

/** The operators of the same squares (the same rows of the key), how many cells each, in code order. */
export function createCellOperators(db: Db): (query: CountsQuery) => OperatorCount[] {
  const read = db.prepare<Record<string, number | string>, OperatorCount>(
    `SELECT mcc, mnc, sum(n) AS n FROM cell_counts
     WHERE ${IN_SQUARES} GROUP BY mcc, mnc HAVING sum(n) > 0 ORDER BY mcc, mnc`,
  );
  return (query) => read.all(boundsOf(query));
}
