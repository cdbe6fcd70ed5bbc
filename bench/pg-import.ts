/**
 * The OpenCelliD import into PostgreSQL beside SQLite's, on the same synthetic export (1,000,000 rows by default,
 * 3% duplicates, 0.1% bad rows): a throwaway cluster (durable settings) and a fresh SQLite file, each import in
 * turn, then a second PostgreSQL import of a tenth of the rows into the full table (merged in place). Prints rows/s
 * of each, and where PostgreSQL's time goes: reading and streaming with COPY, the merge, the index builds and swap.
 * Usage: npm run bench:pg-import   (BENCH_ROWS, BENCH_PG_PORTS=N-M)
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCells, type ImportReport } from '../src/server/admin/import/import-cells';
import { importCellsToPostgres } from '../src/server/admin/import/postgres-import';
import { openDemoStore } from '../src/server/admin/demo-data';
import { openPostgresStore } from '../src/server/store/postgres/open';
import { startCluster } from '../scripts/pg-cluster';
import { generateOpenCellId } from './generate-opencellid';

const rows = Number(process.env.BENCH_ROWS ?? 1_000_000);
const TICKS = 100;

/** Fields 14-17 of /proc/PID/stat (utime, stime, cutime, cstime), in ticks. */
function cpuTicks(pid: number, children: boolean): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .map(Number);
  // After the name: state is field 3, so utime (14) is at index 11.
  return fields[11]! + fields[12]! + (children ? fields[13]! + fields[14]! : 0);
}

/** CPU seconds the cluster's server has used: the postmaster, its live children, and those that have exited. */
function clusterCpu(dir: string): number {
  const postmaster = Number(readFileSync(join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let ticks = cpuTicks(postmaster, true);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === postmaster) ticks += cpuTicks(Number(name), false);
    } catch {
      /* gone meanwhile */
    }
  }
  return ticks / TICKS;
}

/** CPU seconds of this process, all threads. */
const ownCpu = (): number => {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1e6;
};

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
    const sqliteBefore = ownCpu();
    const sqlite = await importCells({ file, input: csv });
    load.push(loadavg()[0]!);

    const sqliteCpu = ownCpu() - sqliteBefore;
    const store = await openPostgresStore(cluster.url, { poolSize: 2 });
    const cpuBefore = { own: ownCpu(), server: clusterCpu(cluster.dir) };
    const began = performance.now();
    let streamed = 0;
    const postgres = await importCellsToPostgres({
      pool: store.db.pool,
      input: csv,
      onProgress: (state) => {
        if (state.bytesRead >= state.totalBytes && streamed === 0) streamed = performance.now() - began;
      },
    });
    const cpu = { own: ownCpu() - cpuBefore.own, server: clusterCpu(cluster.dir) - cpuBefore.server };
    load.push(loadavg()[0]!);
    const again = await importCellsToPostgres({ pool: store.db.pool, input: more });
    load.push(loadavg()[0]!);
    await store.close();

    console.log(`${rows.toLocaleString('en')} rows; load ${load.map((l) => l.toFixed(1)).join(' → ')}`);
    console.log(
      line(
        'SQLite (reference)',
        sqlite,
        ` (${Math.round(rows / sqliteCpu).toLocaleString('en')} rows per CPU-second)`,
      ),
    );
    console.log(
      line(
        'PostgreSQL, into an empty table',
        postgres,
        ` (file read and streamed ${(streamed / 1000).toFixed(1)} s, merge, indexes and swap ` +
          `${postgres.indexSeconds.toFixed(1)} s; CPU: this process ${cpu.own.toFixed(1)} s, the server ` +
          `${cpu.server.toFixed(1)} s, ${Math.round(rows / (cpu.own + cpu.server)).toLocaleString('en')} rows per ` +
          'CPU-second)',
      ),
    );
    console.log(
      `  after the rows came: ${postgres.steps.map(([name, seconds]) => `${name} ${seconds.toFixed(1)} s`).join(', ')}`,
    );
    console.log(line(`PostgreSQL, ${Math.round(rows / 10).toLocaleString('en')} more, in place`, again));
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
