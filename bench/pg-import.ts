/**
 * The OpenCelliD import into PostgreSQL beside SQLite's, on the same synthetic export (1,000,000 rows by default,
 * 3% duplicates, 0.1% bad rows): a throwaway cluster (durable settings) and a fresh SQLite file, each import in
 * turn, then a second PostgreSQL import of a tenth of the rows into the full table (merged in place). Prints rows/s
 * of each, and where PostgreSQL's time goes: reading and streaming with COPY, the merge, the index builds and swap.
 * Usage: npm run bench:pg-import   (BENCH_ROWS, BENCH_PG_PORTS=N-M)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCells, type ImportReport } from '../src/server/import/import-cells';
import { importCellsToPostgres } from '../src/server/import/postgres-import';
import { openDemoStore } from '../src/server/demo-data';
import { openPostgresStore } from '../src/server/store/postgres/open';
import { startCluster } from '../scripts/pg-cluster';
import { generateOpenCellId } from './generate-opencellid';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);

function line(name: string, report: ImportReport, extra = ''): string {
  return (
    `${name.padEnd(34)} ${report.seconds.toFixed(1).padStart(6)} s ` +
    `${Math.round(report.rowsPerSecond).toLocaleString('en').padStart(9)} rows/s  ` +
    `${report.cellsAfter.toLocaleString('en')} cells${extra}`
  );
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-pg-import-'));
  const ports = process.env.BENCH_PG_PORTS?.split('-').map(Number);
  const cluster = await startCluster(
    ports === undefined
      ? {}
      : { ports: Array.from({ length: (ports[1] ?? ports[0]!) - ports[0]! + 1 }, (_, i) => ports[0]! + i) },
  );
  try {
    const csv = join(dir, 'cells.csv');
    const more = join(dir, 'more.csv');
    await generateOpenCellId({ out: csv, rows });
    await generateOpenCellId({ out: more, rows: Math.round(rows / 10), seed: 8 });
    const load = [loadavg()[0]!];

    const file = join(dir, 'cells.db');
    openDemoStore(file).close();
    const sqlite = await importCells({ file, input: csv });
    load.push(loadavg()[0]!);

    const store = await openPostgresStore(cluster.url, { poolSize: 2 });
    const began = performance.now();
    let streamed = 0;
    const postgres = await importCellsToPostgres({
      pool: store.db.pool,
      input: csv,
      onProgress: (state) => {
        if (state.bytesRead >= state.totalBytes && streamed === 0) streamed = performance.now() - began;
      },
    });
    load.push(loadavg()[0]!);
    const again = await importCellsToPostgres({ pool: store.db.pool, input: more });
    load.push(loadavg()[0]!);
    await store.close();

    console.log(`${rows.toLocaleString('en')} rows; load ${load.map((l) => l.toFixed(1)).join(' → ')}`);
    console.log(line('SQLite (reference)', sqlite));
    console.log(
      line(
        'PostgreSQL, into an empty table',
        postgres,
        ` (file read and streamed ${(streamed / 1000).toFixed(1)} s, merge, indexes and swap ` +
          `${postgres.indexSeconds.toFixed(1)} s)`,
      ),
    );
    console.log(line(`PostgreSQL, ${Math.round(rows / 10).toLocaleString('en')} more, in place`, again));
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
