import type pg from 'pg';
import type { Database } from '../../store/postgres/database';
import { RADIO_CODES } from '../../store/records';
import {
  COUNT_COLUMNS,
  COUNT_KEY,
  type CountsQuery,
  type OperatorCount,
  type SquareCount,
} from '../cell-counts-port';
import { FINEST, finestSql, LADDER } from '../../../api/map-tiles';

const ZOOMS = `ARRAY[${LADDER.join(', ')}]`;
const FINE = finestSql('', 'least', 'greatest');
const FINE_OF = (row: string) => finestSql(`${row}.`, 'least', 'greatest');

/** A transition table's cells, each with its finest square and `sign` (+1 added, -1 taken away). */
function squaresOf(table: string, sign: 1 | -1): string {
  const fine = FINE_OF('r');
  return `SELECT ${fine.x} AS fx, ${fine.y} AS fy, coalesce(r.radio, 0) AS radio, r.mcc, r.mnc, r.lat, r.lon,
      ${sign} AS s FROM ${table} AS r WHERE r.lat IS NOT NULL AND r.lon IS NOT NULL`;
}

/** What a statement's cells change in each square of the ladder, in the key's order (rows locked in one order). */
function deltaOf(squares: string): string {
  return `SELECT z AS zoom, c.fx >> (${FINEST} - z) AS x, c.fy >> (${FINEST} - z) AS y, c.radio, c.mcc, c.mnc,
      sum(c.s) AS n, sum(c.s * c.lat) AS lat_sum, sum(c.s * c.lon) AS lon_sum
    FROM (${squares}) AS c CROSS JOIN unnest(${ZOOMS}) AS z
    GROUP BY 1, 2, 3, 4, 5, 6`;
}

/**
 * Adds a statement's changes to the counts (a cell that did not move cancels out and writes nothing), then drops the
 * squares it left empty: their keys are gathered from the upsert's own answer, so only those rows are probed.
 */
function applyDelta(squares: string): string {
  return `WITH up AS (INSERT INTO cell_counts (${COUNT_COLUMNS})
      SELECT zoom, x, y, radio, mcc, mnc, n, lat_sum, lon_sum FROM (${deltaOf(squares)}) AS d
      WHERE d.n <> 0 OR abs(d.lat_sum) > 1e-9 OR abs(d.lon_sum) > 1e-9
      ORDER BY zoom, x, y, radio, mcc, mnc
    ON CONFLICT (${COUNT_KEY}) DO UPDATE SET n = cell_counts.n + excluded.n,
      lat_sum = cell_counts.lat_sum + excluded.lat_sum, lon_sum = cell_counts.lon_sum + excluded.lon_sum
    RETURNING ${COUNT_KEY}, n)
  SELECT array_agg(zoom), array_agg(x), array_agg(y), array_agg(radio), array_agg(mcc), array_agg(mnc)
    INTO zs, xs, ys, rs, ms, ns FROM up WHERE up.n <= 0;
  IF zs IS NOT NULL THEN
    DELETE FROM cell_counts AS c USING unnest(zs, xs, ys, rs, ms, ns) AS g(zoom, x, y, radio, mcc, mnc)
    WHERE c.n <= 0 AND c.zoom = g.zoom AND c.x = g.x AND c.y = g.y AND c.radio = g.radio AND c.mcc = g.mcc
      AND c.mnc = g.mnc;
  END IF;`;
}

const plpgsql = (name: string, body: string) =>
  `CREATE FUNCTION ${name}() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  zs smallint[]; xs integer[]; ys integer[]; rs smallint[]; ms integer[]; ns integer[];
BEGIN
  ${body}
  RETURN NULL;
END $$;`;

/**
 * As SQLite's (sqlite/cell-counts.ts): the table, and triggers that keep it for every write to `cells`. PostgreSQL's are
 * per statement, over its transition tables: a statement writing 50,000 cells changes each square once, where a
 * trigger per row took over 90 s for them (8 squares a row, each an upsert). An import that rebuilds `cells` beside
 * it (import/postgres-writer.ts) gets the triggers with the table's copy (swap-table.ts), made after the rows are
 * in, and then rebuilds the counts (CELL_COUNTS_BUILD).
 */
export const CELL_COUNTS_SCHEMA = `
CREATE TABLE cell_counts (
  zoom smallint NOT NULL,
  x integer NOT NULL,
  y integer NOT NULL,
  radio smallint NOT NULL,
  mcc integer NOT NULL,
  mnc integer NOT NULL,
  n bigint NOT NULL,
  lat_sum double precision NOT NULL,
  lon_sum double precision NOT NULL,
  PRIMARY KEY (${COUNT_KEY})
);
${plpgsql('cell_counts_add', applyDelta(squaresOf('new_rows', 1)))}
${plpgsql('cell_counts_take', applyDelta(squaresOf('old_rows', -1)))}
${plpgsql('cell_counts_move', applyDelta(`${squaresOf('new_rows', 1)} UNION ALL ${squaresOf('old_rows', -1)}`))}
CREATE TRIGGER cell_counts_add AFTER INSERT ON cells REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cell_counts_add();
CREATE TRIGGER cell_counts_take AFTER DELETE ON cells REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cell_counts_take();
CREATE TRIGGER cell_counts_move AFTER UPDATE ON cells REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION cell_counts_move();
`;

/** The finest zoom in one pass over `cells`, then each coarser zoom from the one below it (sums add up). */
export const CELL_COUNTS_BUILD = [
  'DELETE FROM cell_counts;',
  `INSERT INTO cell_counts (${COUNT_COLUMNS})
    SELECT ${FINEST}, x, y, radio, mcc, mnc, count(*), sum(lat), sum(lon) FROM (
      SELECT ${FINE.x} AS x, ${FINE.y} AS y, coalesce(radio, 0) AS radio, mcc, mnc, lat, lon
      FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL) AS c
    GROUP BY x, y, radio, mcc, mnc;`,
  ...[...LADDER]
    .reverse()
    .slice(1)
    .map((zoom) => {
      const shift = 2;
      return `INSERT INTO cell_counts (${COUNT_COLUMNS})
        SELECT ${zoom}, x >> ${shift}, y >> ${shift}, radio, mcc, mnc, sum(n), sum(lat_sum), sum(lon_sum)
        FROM cell_counts WHERE zoom = ${zoom + shift}
        GROUP BY x >> ${shift}, y >> ${shift}, radio, mcc, mnc;`;
    }),
  'ANALYZE cell_counts;',
].join('\n');

/** After an import rebuilt `cells` (in its transaction): the counts made anew from it. */
export async function rebuildCellCounts(client: pg.PoolClient): Promise<void> {
  await client.query(CELL_COUNTS_BUILD);
}

const IN_SQUARES = `zoom = $1 AND x = ANY ($2::int[]) AND y BETWEEN $3 AND $4
  AND ($5::int IS NULL OR mcc = $5) AND ($6::int IS NULL OR mnc = $6) AND ($7::int IS NULL OR radio = $7)`;

const COUNTS_SQL = `SELECT x, y, sum(n)::float8 AS n, sum(lat_sum) AS "latSum", sum(lon_sum) AS "lonSum"
  FROM cell_counts WHERE ${IN_SQUARES} GROUP BY x, y HAVING sum(n) > 0`;

const OPERATORS_SQL = `SELECT mcc, mnc, sum(n)::float8 AS n
  FROM cell_counts WHERE ${IN_SQUARES} GROUP BY mcc, mnc HAVING sum(n) > 0 ORDER BY mcc, mnc`;

/** The statements' parameters: each column of squares once (the key is probed per column, its rows then a range of
 *  `y`), a filter not given null. */
function paramsOf({ ranges, mcc, mnc, radio }: CountsQuery): unknown[] {
  const columns = ranges.xs.flatMap(([low, high]) =>
    Array.from({ length: high - low + 1 }, (_, i) => low + i),
  );
  const code = radio === undefined ? null : RADIO_CODES.indexOf(radio);
  return [ranges.zoom, columns, ranges.ys[0], ranges.ys[1], mcc ?? null, mnc ?? null, code];
}

/** A view's counts per square from `cell_counts`, as SQLite's (sqlite/cell-counts.ts createCellCounts). */
export function createCellCounts(db: Database): (query: CountsQuery) => Promise<SquareCount[]> {
  return (query) => db.query<SquareCount>('cell-counts', COUNTS_SQL, paramsOf(query));
}

/** The operators of the same squares, how many cells each, in code order (as SQLite's createCellOperators). */
export function createCellOperators(db: Database): (query: CountsQuery) => Promise<OperatorCount[]> {
  return (query) => db.query<OperatorCount>('cell-operators', OPERATORS_SQL, paramsOf(query));
}
