/**
 * bench/cells-at-scale.ts on PostgreSQL: the service's schema (its migrations), then `count` cells written by the
 * server itself in one statement (generate_series; placed as bench/generate-cells.ts clusteredCell places them:
 * a twentieth over Helsinki, a tenth over Finland, mcc by where the cell lies), the triggers off meanwhile, then
 * the counts built in one pass as after an import (store/postgres/cell-counts.ts rebuildCellCounts).
 */
import pg from 'pg';
import { rebuildCellCounts } from '../src/server/store/postgres/cell-counts';
import { openPostgresStore } from '../src/server/store/postgres/open';
import { countWhere, type Asked } from './plain-count';

const FILL = `
  INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, radio, name, samples)
  SELECT CASE WHEN lat BETWEEN 59 AND 71 AND lon BETWEEN 19 AND 32 THEN 244
           ELSE 200 + ((floor((lat + 90) / 10)::int * 36 + floor((lon + 180) / 10)::int) % 700) END,
         i % 4, i, 1, round(lat::numeric, 6), round(lon::numeric, 6), 1 + ((i >> 2) % 4), 'Synthetic ' || i, 1
  FROM (
    SELECT i,
      CASE WHEN pick < 0.05 THEN 60.1 + a * 0.2 WHEN pick < 0.15 THEN 59 + a * 12 ELSE -55 + a * 125 END AS lat,
      CASE WHEN pick < 0.05 THEN 24.8 + b * 0.3 WHEN pick < 0.15 THEN 19 + b * 13 ELSE -180 + b * 360 END AS lon
    FROM (SELECT i, random() AS pick, random() AS a, random() AS b FROM generate_series(1, $1::bigint) AS i) AS r
  ) AS placed`;

export async function fillPostgres(
  url: string,
  count: number,
): Promise<{ seconds: number; countIn: (asked: Asked) => Promise<number>; end: () => Promise<void> }> {
  const store = await openPostgresStore(url, { poolSize: 1 });
  await store.close();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const began = performance.now();
  await client.query('SELECT setseed(0.5)');
  await client.query('ALTER TABLE cells DISABLE TRIGGER USER');
  await client.query(FILL, [count]);
  await client.query('ALTER TABLE cells ENABLE TRIGGER USER');
  await rebuildCellCounts(client as unknown as pg.PoolClient); // a plain client: the statement is all it uses
  await client.query('VACUUM ANALYZE cells');
  const seconds = (performance.now() - began) / 1000;
  const countIn = async (asked: Asked) => {
    const { where, values } = countWhere(asked, (n) => `$${n}`);
    const { rows } = await client.query<{ n: string }>(
      `SELECT count(*) AS n FROM cells WHERE ${where}`,
      values,
    );
    return Number(rows[0]?.n);
  };
  return { seconds, countIn, end: () => client.end() };
}
