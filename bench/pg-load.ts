/**
 * The service on PostgreSQL beside SQLite, and two replicas beside one: the Cell read of the demo data under load
 * from a generator in a process of its own (wrk, else autocannon: bench/support.ts), 50 connections, the set-ups
 * in turns (slices, so that a change in the machine's load falls on each alike), each warmed up first. PostgreSQL
 * is a throwaway cluster this bench starts with its durable settings on 127.0.0.1 and stops.
 * The set-ups, each as a deployment runs it (production, access log to a file, the simulator off):
 *   SQLite               one service on its file; its rate limits in its memory
 *   PostgreSQL           one replica on DATABASE_URL; the rate limit in PostgreSQL, one across replicas
 *   PostgreSQL, no limit the same with the rate limit off: what the shared limit costs
 *   2 replicas           two on the same DATABASE_URL, the connections split between them (a generator each,
 *                        no balancer in between: what an even balancer would hand them)
 * The rate limit is on at a rate no request reaches (POSITIONING_RATE_LIMIT 1,000,000): charged, never refused.
 * Printed per set-up: requests/s, p50/p99, errors, CPU µs per request of the service(s) and of PostgreSQL.
 * Usage: npm run bench:pg-load [-- --seconds 20 --connections 50 --turns 2]   (BENCH_PG_PORTS=N-M; loopback only)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startCluster } from '../scripts/pg-cluster';
import {
  clusterCpuMs,
  cpuMs,
  generatorName,
  loadAverage,
  loadOptions,
  machineLine,
  runLoad,
  startBenchService,
  type BenchServer,
  type LoadRun,
} from './support';

const { seconds, connections, turns, sliceSeconds } = loadOptions('bench:pg-load', 20);
const WARM_UP_SECONDS = 3;
const CELL = '/api/cell/244/91/10038?serviceKey=demo-service&userKey=demo-user';
const LIMIT_ON = { POSITIONING_RATE_LIMIT: '1000000' };

interface SetUp {
  name: string;
  servers: BenchServer[];
  /** Whether PostgreSQL serves it (its CPU counted). */
  postgres: boolean;
}

interface Slice {
  runs: LoadRun[];
  serviceCpuMs: number;
  postgresCpuMs: number;
}

/** One slice of load on a set-up: the connections split over its servers, each a generator of its own. */
async function slice(setUp: SetUp, duration: number, pgDir: string): Promise<Slice> {
  const serviceBefore = setUp.servers.map((server) => cpuMs(server.child));
  const pgBefore = setUp.postgres ? clusterCpuMs(pgDir) : 0;
  const share = Math.ceil(connections / setUp.servers.length);
  const runs = await Promise.all(
    setUp.servers.map((server) =>
      runLoad({ origin: server.origin, paths: [CELL], connections: share, seconds: duration }),
    ),
  );
  return {
    runs,
    serviceCpuMs: setUp.servers.reduce(
      (sum, server, i) => sum + cpuMs(server.child) - (serviceBefore[i] ?? 0),
      0,
    ),
    postgresCpuMs: setUp.postgres ? clusterCpuMs(pgDir) - pgBefore : 0,
  };
}

function report(name: string, slices: Slice[]): string {
  const runs = slices.flatMap((s) => s.runs);
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  // The generators of a slice run side by side: a slice lasts as long as its longest.
  const duration = slices.reduce((sum, s) => sum + Math.max(...s.runs.map((r) => r.seconds)), 0);
  const errors = runs.reduce((sum, r) => sum + r.socketErrors + r.httpErrors, 0);
  const p50s = runs.map((r) => r.p50Ms).sort((a, b) => a - b);
  const us = (ms: number): string => ((ms * 1000) / requests).toFixed(1);
  const service = slices.reduce((sum, s) => sum + s.serviceCpuMs, 0);
  const postgres = slices.reduce((sum, s) => sum + s.postgresCpuMs, 0);
  return (
    `  ${name.padEnd(21)} ${Math.round(requests / duration)
      .toLocaleString('en')
      .padStart(6)} req/s   p50 ${(p50s[Math.floor(p50s.length / 2)] ?? NaN).toFixed(2)} ms   ` +
    `p99 ${Math.max(...runs.map((r) => r.p99Ms)).toFixed(2)} ms   errors ${errors}   CPU/request: service ` +
    `${us(service)} µs, PostgreSQL ${us(postgres)} µs   ${requests.toLocaleString('en')} requests`
  );
}

console.log(machineLine());
console.log(`load generator: ${generatorName}; ${connections} connections in all, 127.0.0.1`);
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-pg-load-'));
const ports = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PG_PORTS ?? '');
const cluster = await startCluster(
  ports === null
    ? {}
    : {
        ports: Array.from(
          { length: Number(ports[2]) - Number(ports[1]) + 1 },
          (_, i) => Number(ports[1]) + i,
        ),
      },
);
const started: BenchServer[] = [];
const service = async (name: string, env: Record<string, string>): Promise<BenchServer> => {
  const server = await startBenchService({
    db: join(dir, `${name}.db`),
    logFile: join(dir, `${name}.log`),
    env: { POSITIONING_DEMO: 'on', ...env },
  });
  started.push(server);
  return server;
};
try {
  const pg = { DATABASE_URL: cluster.url };
  const sqlite = await service('sqlite', LIMIT_ON);
  const first = await service('replica-1', { ...pg, ...LIMIT_ON });
  const second = await service('replica-2', { ...pg, ...LIMIT_ON });
  const unlimited = await service('no-limit', pg);
  const setUps: SetUp[] = [
    { name: 'SQLite', servers: [sqlite], postgres: false },
    { name: 'PostgreSQL', servers: [first], postgres: true },
    { name: 'PostgreSQL, no limit', servers: [unlimited], postgres: true },
    { name: '2 replicas', servers: [first, second], postgres: true },
  ];
  for (const server of started) {
    const res = await fetch(`${server.origin}${CELL}`);
    if (res.status !== 200) throw new Error(`a service answered ${res.status}: ${await res.text()}`);
  }
  for (const setUp of setUps) await slice(setUp, WARM_UP_SECONDS, cluster.dir);
  console.log(
    `${seconds} s per set-up in ${turns} turns of ${sliceSeconds} s, each warmed up ${WARM_UP_SECONDS} s first`,
  );
  const slices = new Map<SetUp, Slice[]>(setUps.map((setUp) => [setUp, []]));
  for (let turn = 0; turn < turns; turn++) {
    for (const setUp of setUps) slices.get(setUp)?.push(await slice(setUp, sliceSeconds, cluster.dir));
  }
  console.log('Cell read:');
  for (const [setUp, list] of slices) console.log(report(setUp.name, list));
  console.log(`load average now ${loadAverage()}`);
} finally {
  await Promise.all(started.map((server) => server.stop()));
  cluster.stop();
  rmSync(dir, { recursive: true, force: true });
}
