/**
 * The Cell read at scale: 1,000,000 synthetic cells in a fresh database, the service on it (rate limiting and
 * the simulator off), the load generator in a process of its own (bench/support.ts runLoad) asking for random
 * existing cells on loopback; then a bare node:http server answering the service's bytes for one cell, under
 * the same load. Prints requests/s, p50/p99 and the ratio of the two.
 * Usage: npm run bench:service   (BENCH_CELLS, BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCells, syntheticCellId } from './generate-cells';
import {
  captureAnswer,
  describeRun,
  generatorName,
  headerOf,
  loadAverage,
  machineLine,
  randomPaths,
  RANDOM_PATHS,
  runLoad,
  startBare,
  startBenchService,
  type BenchServer,
  type LoadRun,
} from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
/* What Chromium sends; BENCH_ACCEPT_ENCODING= (empty) asks without it. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const headers: Record<string, string> = {
  accept: 'application/xml',
  ...(acceptEncoding !== '' && { 'accept-encoding': acceptEncoding }),
};

function cellPath(i: number): string {
  const { mcc, mnc, cellid } = syntheticCellId(i, count);
  return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
}
const paths = randomPaths(() => cellPath(Math.floor(Math.random() * count)));

/** A short run first so that both servers are measured warm (JIT, SQLite page cache). */
async function measure(server: BenchServer): Promise<LoadRun> {
  await runLoad({ origin: server.origin, paths, headers, connections, seconds: 3 });
  return runLoad({ origin: server.origin, paths, headers, connections, seconds });
}

console.log(machineLine());
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-service-'));
const file = join(dir, 'cells.db');
const generated = generateCells(file, count);
console.log(
  `generator: ${generated.rows.toLocaleString('en')} cells in ${generated.seconds.toFixed(2)} s, ` +
    `${Math.round(generated.rowsPerSecond).toLocaleString('en')} rows/s`,
);

const servers: BenchServer[] = [];
try {
  const service = await startBenchService({ db: file, env: { POSITIONING_DEMO: 'on' } });
  servers.push(service);
  const answer = await captureAnswer(service.origin, cellPath(0), headers);
  if (answer.status !== 200) throw new Error(`the service answered ${answer.status}: ${answer.body}`);
  const header = (name: string): string | undefined => headerOf(answer, name);
  console.log(
    `Cell read: ${answer.body.length} bytes of ${header('content-type') ?? '?'}` +
      `${header('content-encoding') ? ` (${header('content-encoding')})` : ''}; ` +
      `request headers ${JSON.stringify(headers)}`,
  );
  const serviceResult = await measure(service);
  await service.stop();

  const bare = await startBare({ '*': answer }, dir);
  servers.push(bare);
  const bareResult = await measure(bare);

  console.log(
    `load generator: ${generatorName}; ${connections} connections, ${seconds} s (after 3 s of warm-up), ` +
      `each request one of ${RANDOM_PATHS.toLocaleString('en')} random cells; load average now ${loadAverage()}`,
  );
  console.log(`service         ${describeRun(serviceResult)}`);
  console.log(
    `bare node:http  ${describeRun(bareResult)}   (the service's answer for cell 0, whatever is asked)`,
  );
  console.log(
    `ratio (service / bare req/s): ${(serviceResult.rps / bareResult.rps).toFixed(2)}` +
      `   goal ≥ 0.60 and service p99 < 20 ms`,
  );
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
}
