/**
 * The Cell read at scale: 1,000,000 synthetic cells in a fresh database, the built service on it as in real use
 * (its rate limits on at a rate the load never reaches, the simulator off), each request one of 20,000 random
 * existing cells (bench/support.ts RANDOM_PATHS); beside it, in turns (slices, so that a change in the machine's load
 * falls on both alike), a bare node:http server answering the service's bytes and headers for one cell, under the
 * same load. The load generator runs in a process of its own (wrk where it is on PATH, else autocannon with worker
 * threads), never in this one or a server's.
 * Prints per slice the machine's load average; per server requests/s, p50/p99, errors, the server's CPU µs per
 * request (from /proc) and the generator's; the ratio of the two servers, and the goal.
 * Usage: npm run bench:service [-- --seconds 10 --connections 50 --turns 2]   (BENCH_CELLS to change the count,
 * BENCH_ACCEPT_ENCODING= (empty) to ask without Accept-Encoding, BENCH_CELLS_DB=file to start from a copy of a
 * database `npx tsx bench/generate-cells.ts file COUNT` made, instead of generating one: a minute or two less a run;
 * with BENCH_CELLS_IMPORTED=1 as well, BENCH_CELLS_DB is a database `npm run service -- import-cells` filled from a file
 * `bench/generate-opencellid.ts` wrote (its default seed), and each request asks for one of its first BENCH_CELLS cells;
 * BENCH_CPU_PROF=dir writes the service's CPU profile there, `node --cpu-prof`)
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureBuilt } from '../scripts/built.mjs';
import { generateCells, syntheticCellId } from './generate-cells';
import { syntheticCellKey } from './generate-opencellid';
import { row, slice, summarize, type Slice } from './slices';
import {
  captureAnswer,
  generatorName,
  headerOf,
  loadAverage,
  loadOptions,
  machineLine,
  randomPaths,
  RANDOM_PATHS,
  runLoad,
  startBare,
  startBenchService,
  type BenchServer,
} from './support';

const { seconds, connections, turns, sliceSeconds } = loadOptions('bench:service', 10);
const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const WARM_UP_SECONDS = 3;
/* Issue 33, goal 1: at least 0.6 of the bare server, p99 under 20 ms, no errors. */
const GOAL_RATIO = 0.6;
const GOAL_P99_MS = 20;
/* Requests a second per service key: the highest the service takes (config.ts), far above what one key sends here. */
const RATE_LIMIT = 1_000_000;
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
/* bench/generate-opencellid.ts's default seed: the keys of the cells an imported file of its holds. */
const OPENCELLID_SEED = 7;
const imported = process.env.BENCH_CELLS_IMPORTED === '1';
/* What Chromium sends; BENCH_ACCEPT_ENCODING= (empty) asks without it. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const headers: Record<string, string> = {
  accept: 'application/xml',
  ...(acceptEncoding !== '' && { 'accept-encoding': acceptEncoding }),
};

function cellPath(i: number): string {
  const { mcc, mnc, cellid } = imported ? syntheticCellKey(OPENCELLID_SEED, i) : syntheticCellId(i, count);
  return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
}
const paths = randomPaths(() => cellPath(Math.floor(Math.random() * count)));
const load = { connections, headers };

const slices = (runs: Slice[]): string => runs.map((s) => s.load).join(', ');

/** Both servers in turns, each warmed up first (JIT, SQLite's pages); the service first in every turn. */
async function measure(service: BenchServer, bare: BenchServer): Promise<void> {
  for (const server of [service, bare]) {
    await runLoad({ origin: server.origin, paths, ...load, seconds: WARM_UP_SECONDS });
  }
  const runs: { service: Slice[]; bare: Slice[] } = { service: [], bare: [] };
  for (let turn = 0; turn < turns; turn++) {
    runs.service.push(await slice(service, paths, { ...load, seconds: sliceSeconds }));
    runs.bare.push(await slice(bare, paths, { ...load, seconds: sliceSeconds }));
  }
  const serviceSum = summarize(runs.service);
  const bareSum = summarize(runs.bare);
  const ratio = serviceSum.rps / bareSum.rps;
  console.log(row('service', serviceSum) + `   load ${slices(runs.service)}`);
  console.log(row('bare node:http', bareSum) + `   load ${slices(runs.bare)}`);
  const ok =
    serviceSum.socketErrors + serviceSum.httpErrors === 0 &&
    ratio >= GOAL_RATIO &&
    serviceSum.p99 < GOAL_P99_MS;
  console.log(
    `ratio (service / bare req/s): ${ratio.toFixed(2)}   goal ≥ ${GOAL_RATIO.toFixed(2)} and service p99 < ` +
      `${GOAL_P99_MS} ms, no errors: ${ok ? 'met' : 'missed'}   CPU per request bare / service ` +
      `${(bareSum.serverUs / serviceSum.serverUs).toFixed(2)}   load average now ${loadAverage()}`,
  );
  if (!ok) process.exitCode = 1;
}

/** The database: a copy of BENCH_CELLS_DB (of BENCH_CELLS cells), or `count` cells generated. */
function prepare(file: string): void {
  const given = process.env.BENCH_CELLS_DB;
  if (given !== undefined && given !== '') {
    copyFileSync(given, file);
    console.log(
      `database: a copy of ${given} (${count.toLocaleString('en')} cells, BENCH_CELLS` +
        `${imported ? '; imported from bench/generate-opencellid.ts, BENCH_CELLS_IMPORTED' : ''})`,
    );
    return;
  }
  const generated = generateCells(file, count);
  console.log(
    `generator: ${generated.rows.toLocaleString('en')} cells in ${generated.seconds.toFixed(2)} s, ` +
      `${Math.round(generated.rowsPerSecond).toLocaleString('en')} rows/s`,
  );
}

console.log(machineLine());
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-service-'));
const file = join(dir, 'cells.db');
const servers: BenchServer[] = [];
try {
  ensureBuilt(process.cwd(), { parts: ['service'] });
  prepare(file);
  const profile = process.env.BENCH_CPU_PROF;
  const env = { POSITIONING_DEMO: 'on', POSITIONING_RATE_LIMIT: String(RATE_LIMIT) };
  // The service alone profiled (written when it exits), not the generator or the bare server.
  const nodeArgs = profile !== undefined && profile !== '' ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
  const service = await startBenchService({ db: file, built: true, env, nodeArgs });
  servers.push(service);
  const answer = await captureAnswer(service.origin, cellPath(0), headers);
  if (answer.status !== 200) throw new Error(`the service answered ${answer.status}: ${answer.body}`);
  const header = (name: string): string | undefined => headerOf(answer, name);
  console.log(
    `Cell read: ${answer.body.length} bytes of ${header('content-type') ?? '?'}` +
      `${header('content-encoding') ? ` (${header('content-encoding')})` : ''}; ` +
      `request headers ${JSON.stringify(headers)}`,
  );
  const bare = await startBare({ '*': answer }, dir);
  servers.push(bare);
  console.log(
    `load generator: ${generatorName}; ${connections} connections; ${seconds} s per server in ${turns} turns of ` +
      `${sliceSeconds} s, each server warmed up ${WARM_UP_SECONDS} s first; each request one of ` +
      `${RANDOM_PATHS.toLocaleString('en')} random cells (the bare server answers cell 0's bytes to all)`,
  );
  await measure(service, bare);
} finally {
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(dir, { recursive: true, force: true });
}
