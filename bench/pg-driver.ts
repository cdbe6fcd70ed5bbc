/**
 * Chooses the PostgreSQL driver with figures: node-postgres (`pg`) beside Postgres.js (`postgres`), the same pool
 * size and the same number of requests in flight, on a throwaway cluster this bench starts (durable settings, as a
 * deployment runs) and stops. Two queries: the Cell read's (a prepared statement by primary key on 100,000 cells)
 * and a small write (an upsert of one row, committed). The drivers take turns, several rounds each; printed per
 * driver and query: operations/s, p50 and p99 in ms, and this process's CPU µs per operation (the service's
 * scarce resource: the driver runs on its event loop).
 * Usage: npm run bench:pg-driver   (BENCH_POOL, BENCH_INFLIGHT, BENCH_SECONDS, BENCH_ROUNDS, BENCH_PG_PORTS=N-M)
 */
import pg from 'pg';
import postgres from 'postgres';
import { startCluster } from '../scripts/pg-cluster';
import { quantile } from './support';

const pool = Number(process.env.BENCH_POOL ?? 10);
const inflight = Number(process.env.BENCH_INFLIGHT ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const CELLS = 100_000;
const BUCKETS = 1_000;

/** One driver as the bench uses it: the two queries, and closing. */
interface Driver {
  name: string;
  cell(mcc: number, mnc: number, cellid: number): Promise<unknown>;
  write(key: string, tokens: number): Promise<unknown>;
  end(): Promise<void>;
}

const CELL_SQL = `SELECT mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin
  FROM cells WHERE mcc = $1 AND mnc = $2 AND cellid = $3`;
const WRITE_SQL = `INSERT INTO buckets (key, tokens, at) VALUES ($1, $2, now())
  ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, at = excluded.at`;

function nodePostgres(url: string): Driver {
  const int8 = 20;
  const client = new pg.Pool({
    connectionString: url,
    max: pool,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        oid === int8
          ? Number
          : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
    },
  });
  return {
    name: 'pg',
    cell: (mcc, mnc, cellid) => client.query({ name: 'cell', text: CELL_SQL, values: [mcc, mnc, cellid] }),
    write: (key, tokens) => client.query({ name: 'write', text: WRITE_SQL, values: [key, tokens] }),
    end: () => client.end(),
  };
}

function postgresJs(url: string): Driver {
  const sql = postgres(url, {
    max: pool,
    prepare: true,
    onnotice: () => undefined,
    types: {
      int8: {
        to: 20,
        from: [20],
        serialize: (value: number) => String(value),
        parse: (text: string) => Number(text),
      },
    },
  });
  return {
    name: 'postgres',
    // Tagged templates, as its documents write queries: the statement is prepared once per connection.
    cell: (mcc, mnc, cellid) =>
      sql`SELECT mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin
        FROM cells WHERE mcc = ${mcc} AND mnc = ${mnc} AND cellid = ${cellid}`,
    write: (key, tokens) =>
      sql`INSERT INTO buckets (key, tokens, at) VALUES (${key}, ${tokens}, now())
        ON CONFLICT (key) DO UPDATE SET tokens = excluded.tokens, at = excluded.at`,
    end: () => sql.end({ timeout: 5 }),
  };
}

interface Figures {
  ops: number;
  p50: number;
  p99: number;
  cpuUs: number;
}

/** `inflight` loops, each awaiting one operation after another, for `duration` seconds. */
async function measure(operation: () => Promise<unknown>, duration: number): Promise<Figures> {
  const latencies: number[] = [];
  const until = performance.now() + duration * 1000;
  const cpu = process.cpuUsage();
  const began = performance.now();
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (performance.now() < until) {
        const start = performance.now();
        await operation();
        latencies.push(performance.now() - start);
      }
    }),
  );
  const elapsed = (performance.now() - began) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  return {
    ops: latencies.length / elapsed,
    p50: quantile(latencies, 0.5),
    p99: quantile(latencies, 0.99),
    cpuUs: (used.user + used.system) / latencies.length,
  };
}

const random = (below: number): number => Math.floor(Math.random() * below);
const cellOf = (i: number) => ({ mcc: 200 + (i % 50), mnc: (i >> 4) % 20, cellid: 1000 + i * 7 });

async function fill(url: string): Promise<void> {
  const sql = postgres(url, { max: 1, onnotice: () => undefined });
  await sql.unsafe(`
    CREATE TABLE cells (
      mcc integer NOT NULL, mnc integer NOT NULL, cellid bigint NOT NULL, lac bigint, lat double precision,
      lon double precision, name text, samples integer NOT NULL DEFAULT 0, range integer, radio smallint,
      updated bigint, origin smallint, PRIMARY KEY (mcc, mnc, cellid));
    INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, radio)
      SELECT 200 + i % 50, (i >> 4) % 20, 1000 + i * 7, i % 65536, -55 + random() * 125, -180 + random() * 360,
             'Cell ' || i, 1 + i % 40, 1 + i % 4
      FROM generate_series(0, ${CELLS - 1}) AS i;
    CREATE TABLE buckets (key text PRIMARY KEY, tokens double precision NOT NULL, at timestamptz NOT NULL);
  `);
  await sql.unsafe('VACUUM ANALYZE cells');
  await sql.end();
}

const fmt = (value: number, digits = 0): string =>
  value.toLocaleString('en', { minimumFractionDigits: digits, maximumFractionDigits: digits });

async function main(): Promise<void> {
  const ports = process.env.BENCH_PG_PORTS?.split('-').map(Number);
  const cluster = await startCluster(
    ports === undefined || ports.length === 0
      ? {}
      : { ports: Array.from({ length: (ports[1] ?? ports[0]!) - ports[0]! + 1 }, (_, i) => ports[0]! + i) },
  );
  try {
    await fill(cluster.url);
    const drivers = [nodePostgres(cluster.url), postgresJs(cluster.url)];
    const results = new Map<string, Figures[]>();
    const keep = (key: string, figures: Figures) => results.set(key, [...(results.get(key) ?? []), figures]);
    for (const driver of drivers) {
      const cell = cellOf(0);
      await driver.cell(cell.mcc, cell.mnc, cell.cellid);
    }
    for (let round = 0; round < rounds; round++) {
      for (const driver of round % 2 === 0 ? drivers : [...drivers].reverse()) {
        await measure(() => {
          const cell = cellOf(random(CELLS));
          return driver.cell(cell.mcc, cell.mnc, cell.cellid);
        }, 1);
        keep(
          `${driver.name} read`,
          await measure(() => {
            const cell = cellOf(random(CELLS));
            return driver.cell(cell.mcc, cell.mnc, cell.cellid);
          }, seconds),
        );
        keep(
          `${driver.name} write`,
          await measure(() => driver.write(`k${random(BUCKETS)}`, Math.random()), seconds),
        );
      }
    }
    for (const driver of drivers) await driver.end();
    console.log(
      `PostgreSQL 15 on 127.0.0.1, pool ${pool}, ${inflight} in flight, ${seconds} s per run, ${rounds} rounds in turns`,
    );
    console.log(
      'driver    query   ops/s (each round)             median ops/s   p50 ms   p99 ms   CPU µs/op',
    );
    for (const key of results.keys()) {
      const runs = results.get(key) ?? [];
      const sorted = [...runs].sort((a, b) => a.ops - b.ops);
      const median = sorted[Math.floor(sorted.length / 2)]!;
      const [name, query] = key.split(' ');
      console.log(
        `${name!.padEnd(9)} ${query!.padEnd(7)} ${runs
          .map((run) => fmt(run.ops))
          .join(' / ')
          .padEnd(30)} ` +
          `${fmt(median.ops).padStart(12)} ${fmt(median.p50, 2).padStart(8)} ${fmt(median.p99, 2).padStart(8)} ` +
          `${fmt(median.cpuUs, 1).padStart(11)}`,
      );
    }
  } finally {
    cluster.stop();
  }
}

await main();
