/**
 * Cells in view on PostgreSQL, 1,000,000 cells: which index answers a wide box with filters within the bound of
 * issue 23 (1 s). A throwaway cluster (durable settings), a synthetic OpenCelliD export imported through the
 * service's own import (its rows/s printed), then the same database copied four ways:
 *   GiST point   PostgreSQL's own GiST on point(lon, lat), no extension
 *   btree_gist   one GiST over (mcc, mnc, radio, point): the btree_gist extension (trusted: a database owner may
 *                create it)
 *   PostGIS      a geometry column, its GiST and a B-tree on the filters: the postgis extension (a superuser
 *                creates it)
 *   service      the service's schema (GiST point + B-tree on radio, mcc, mnc) read as the service reads it
 *                (store/postgres/cells-in-box.ts: it chooses the index, then spreads a cut answer over 8 × 8 parts)
 * For the first three, one statement: the first step of any read, the cells in the box up to limit + 1. For the
 * service, the whole read. Each probe five times, the variants in turns; printed: the median and the slowest, ms.
 * Usage: npm run bench:pg-cells-in-view   (BENCH_CELLS, BENCH_ROUNDS, BENCH_PG_PORTS=N-M)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { importCellsToPostgres } from '../src/server/admin/import/postgres-import';
import type { BoxQuery } from '../src/server/store/cells-in-box-port';
import { RADIO_CODES } from '../src/server/store/records';
import { openPostgresStore, type PostgresStore } from '../src/server/store/postgres/open';
import { startCluster, type Cluster } from '../scripts/pg-cluster';
import { generateOpenCellId } from './generate-opencellid';
import { quantile } from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 5);
const WORLD = { west: -180, south: -85, east: 180, north: 85 };

const PROBES: Array<{ name: string; query: BoxQuery }> = [
  { name: 'world, mcc 244 mnc 91 NR', query: { ...WORLD, mcc: 244, mnc: 91, radio: 'NR', limit: 5000 } },
  { name: 'world, mcc 999 (none)', query: { ...WORLD, mcc: 999, limit: 5000 } },
  { name: 'world, no filter', query: { ...WORLD, limit: 5000 } },
  { name: 'world, NR', query: { ...WORLD, radio: 'NR', limit: 5000 } },
  { name: 'world, mcc 999 NR (none)', query: { ...WORLD, mcc: 999, radio: 'NR', limit: 5000 } },
  { name: 'world, mcc 244', query: { ...WORLD, mcc: 244, limit: 5000 } },
  { name: 'Europe, no filter', query: { west: -10, south: 35, east: 30, north: 60, limit: 5000 } },
  {
    name: 'Europe, mcc 244 mnc 91',
    query: { west: -10, south: 35, east: 30, north: 60, mcc: 244, mnc: 91, limit: 5000 },
  },
  { name: 'Helsinki, no filter', query: { west: 24.8, south: 60.1, east: 25.1, north: 60.3, limit: 1000 } },
  {
    name: 'Helsinki, mcc 999',
    query: { west: 24.8, south: 60.1, east: 25.1, north: 60.3, mcc: 999, limit: 1000 },
  },
];

type Variant = 'GiST point' | 'btree_gist' | 'PostGIS' | 'service';
const VARIANTS: Variant[] = ['GiST point', 'btree_gist', 'PostGIS', 'service'];

/** The first step of a read, as one statement on a variant's index. */
function firstStep(variant: Variant, q: BoxQuery): string {
  const box =
    variant === 'PostGIS'
      ? `geom && ST_MakeEnvelope(${q.west}, ${q.south}, ${q.east}, ${q.north}, 4326)`
      : `point(lon, lat) <@ box(point(${q.west}, ${q.south}), point(${q.east}, ${q.north}))`;
  const filters = [
    q.mcc === undefined ? '' : ` AND mcc = ${q.mcc}`,
    q.mnc === undefined ? '' : ` AND mnc = ${q.mnc}`,
    q.radio === undefined ? '' : ` AND radio = ${RADIO_CODES.indexOf(q.radio)}`,
  ].join('');
  return `SELECT count(*) FROM (SELECT 1 FROM cells WHERE ${box}${filters} LIMIT ${q.limit + 1}) AS t`;
}

const SETUP: Record<Exclude<Variant, 'service'>, { admin: string[]; owner: string[] }> = {
  'GiST point': { admin: [], owner: ['DROP INDEX cells_radio_operator'] },
  btree_gist: {
    admin: ['CREATE EXTENSION btree_gist'],
    owner: [
      'DROP INDEX cells_radio_operator',
      'DROP INDEX cells_position',
      'CREATE INDEX cells_view ON cells USING gist (mcc, mnc, radio, point(lon, lat))',
    ],
  },
  PostGIS: {
    admin: ['CREATE EXTENSION postgis'],
    owner: [
      'DROP INDEX cells_position',
      'ALTER TABLE cells ADD COLUMN geom geometry(Point, 4326)',
      'UPDATE cells SET geom = ST_SetSRID(ST_MakePoint(lon, lat), 4326)',
      'CREATE INDEX cells_geom ON cells USING gist (geom)',
    ],
  },
};

async function run(url: string, statements: readonly string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const sql of statements) await client.query(sql);
  } finally {
    await client.end();
  }
}

const withDatabase = (url: string, name: string): string => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

async function prepare(cluster: Cluster, dir: string): Promise<void> {
  const csv = join(dir, 'cells.csv');
  await generateOpenCellId({ out: csv, rows: count });
  const store = await openPostgresStore(cluster.url, { poolSize: 2 });
  const report = await importCellsToPostgres({ pool: store.db.pool, input: csv });
  await store.close();
  console.log(
    `imported ${report.rows.toLocaleString('en')} rows in ${report.seconds.toFixed(1)} s ` +
      `(${Math.round(report.rowsPerSecond).toLocaleString('en')} rows/s; rebuild and swap ${report.indexSeconds.toFixed(1)} s), ` +
      `${report.cellsAfter.toLocaleString('en')} cells`,
  );
  await run(cluster.url, ['VACUUM ANALYZE cells']);
  for (const variant of Object.keys(SETUP) as Array<keyof typeof SETUP>) {
    const name = `bench_${variant.replace(/\W/g, '_').toLowerCase()}`;
    await run(cluster.adminUrl, [`CREATE DATABASE ${name} TEMPLATE cellpos OWNER cellpos`]);
    const began = performance.now();
    await run(withDatabase(cluster.adminUrl, name), SETUP[variant].admin);
    await run(withDatabase(cluster.url, name), [...SETUP[variant].owner, 'VACUUM ANALYZE cells']);
    console.log(`${variant}: indexes made in ${((performance.now() - began) / 1000).toFixed(1)} s`);
  }
}

async function main(): Promise<void> {
  const ports = process.env.BENCH_PG_PORTS?.split('-').map(Number);
  const cluster = await startCluster(
    ports === undefined
      ? {}
      : { ports: Array.from({ length: (ports[1] ?? ports[0]!) - ports[0]! + 1 }, (_, i) => ports[0]! + i) },
  );
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-pg-'));
  const clients = new Map<Variant, pg.Client>();
  let service: PostgresStore | undefined;
  try {
    await prepare(cluster, dir);
    for (const variant of Object.keys(SETUP) as Array<keyof typeof SETUP>) {
      const client = new pg.Client({
        connectionString: withDatabase(cluster.url, `bench_${variant.replace(/\W/g, '_').toLowerCase()}`),
      });
      await client.connect();
      clients.set(variant, client);
    }
    service = await openPostgresStore(cluster.url, { poolSize: 4 });
    const times = new Map<string, number[]>();
    for (let round = 0; round < rounds; round++) {
      for (const probe of PROBES) {
        for (const variant of VARIANTS) {
          const began = performance.now();
          if (variant === 'service') await service.cellsInBox(probe.query);
          else await clients.get(variant)!.query(firstStep(variant, probe.query));
          const key = `${probe.name}|${variant}`;
          times.set(key, [...(times.get(key) ?? []), performance.now() - began]);
        }
      }
    }
    console.log(`\n${count.toLocaleString('en')} cells, ${rounds} rounds, load ${loadavg()[0]!.toFixed(1)}`);
    console.log(`median / slowest ms      ${VARIANTS.map((v) => v.padStart(16)).join('')}`);
    for (const probe of PROBES) {
      const cells = VARIANTS.map((variant) => {
        const sorted = [...(times.get(`${probe.name}|${variant}`) ?? [])].sort((a, b) => a - b);
        return `${quantile(sorted, 0.5).toFixed(1)} / ${sorted[sorted.length - 1]!.toFixed(0)}`.padStart(16);
      });
      console.log(`${probe.name.padEnd(25)}${cells.join('')}`);
    }
  } finally {
    for (const client of clients.values()) await client.end();
    await service?.close();
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
