import type pg from 'pg';
import type { Database } from '../../store/postgres/database';
import { RADIO_CODES } from '../../store/records';
import { COUNT_COLUMNS, COUNT_KEY, type CountsQuery, type SquareCount } from './counts';
import { FINEST, finestSql, LADDER } from './tiles';

const ZOOMS = `ARRAY[${LADDER.join(', ')}]`;
const FINE = finestSql('', 'least', 'greatest');
const FINE_OF = (row: string) => finestSql(`${row}.`, 'least', 'greatest');

/**
 * As SQLite's (sqlite-counts.ts): the table, and one trigger for every single write to `cells` that adds a cell's
 * squares (and takes away those it left), deleting squares left empty. An import that rebuilds `cells` beside it
 * (import/postgres-writer.ts) gets the trigger with the table's copy, made after the rows are in, and then
 * rebuilds the counts (CELL_COUNTS_BUILD).
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
CREATE FUNCTION cell_counts_keep() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.lat IS NOT NULL AND OLD.lon IS NOT NULL THEN
    WITH gone AS (
      SELECT z AS zoom, t.x >> (${FINEST} - z) AS x, t.y >> (${FINEST} - z) AS y, coalesce(OLD.radio, 0) AS radio
      FROM unnest(${ZOOMS}) AS z, (SELECT ${FINE_OF('OLD').x} AS x, ${FINE_OF('OLD').y} AS y) AS t)
    UPDATE cell_counts AS c SET n = c.n - 1, lat_sum = c.lat_sum - OLD.lat, lon_sum = c.lon_sum - OLD.lon
    FROM gone WHERE (c.zoom, c.x, c.y, c.radio, c.mcc, c.mnc) = (gone.zoom, gone.x, gone.y, gone.radio, OLD.mcc, OLD.mnc);
    DELETE FROM cell_counts WHERE n <= 0 AND mcc = OLD.mcc AND mnc = OLD.mnc
      AND (zoom, x, y) IN (
        SELECT z, t.x >> (${FINEST} - z), t.y >> (${FINEST} - z)
        FROM unnest(${ZOOMS}) AS z, (SELECT ${FINE_OF('OLD').x} AS x, ${FINE_OF('OLD').y} AS y) AS t);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.lat IS NOT NULL AND NEW.lon IS NOT NULL THEN
    INSERT INTO cell_counts (${COUNT_COLUMNS})
      SELECT z, t.x >> (${FINEST} - z), t.y >> (${FINEST} - z), coalesce(NEW.radio, 0), NEW.mcc, NEW.mnc, 1,
        NEW.lat, NEW.lon
      FROM unnest(${ZOOMS}) AS z, (SELECT ${FINE_OF('NEW').x} AS x, ${FINE_OF('NEW').y} AS y) AS t
    ON CONFLICT (${COUNT_KEY}) DO UPDATE SET n = cell_counts.n + 1,
      lat_sum = cell_counts.lat_sum + excluded.lat_sum, lon_sum = cell_counts.lon_sum + excluded.lon_sum;
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER cell_counts_keep AFTER INSERT OR DELETE OR UPDATE OF mcc, mnc, lat, lon, radio ON cells
  FOR EACH ROW EXECUTE FUNCTION cell_counts_keep();
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

const COUNTS_SQL = `SELECT x, y, sum(n)::float8 AS n, sum(lat_sum) AS "latSum", sum(lon_sum) AS "lonSum"
  FROM cell_counts
  WHERE zoom = $1 AND x = ANY ($2::int[]) AND y BETWEEN $3 AND $4
    AND ($5::int IS NULL OR mcc = $5) AND ($6::int IS NULL OR mnc = $6) AND ($7::int IS NULL OR radio = $7)
  GROUP BY x, y HAVING sum(n) > 0`;

/** A view's counts per square from `cell_counts`, as SQLite's (sqlite-counts.ts createCellCounts). */
export function createCellCounts(db: Database): (query: CountsQuery) => Promise<SquareCount[]> {
  return async ({ ranges, mcc, mnc, radio }) => {
    const code = radio === undefined ? null : RADIO_CODES.indexOf(radio);
    // Each column of squares once: the key is probed per column, its rows then a range of `y`.
    const columns = ranges.xs.flatMap(([low, high]) =>
      Array.from({ length: high - low + 1 }, (_, i) => low + i),
    );
    return db.query<SquareCount>('cell-counts', COUNTS_SQL, [
      ranges.zoom,
      columns,
      ranges.ys[0],
      ranges.ys[1],
      mcc ?? null,
      mnc ?? null,
      code,
    ]);
  };
}
