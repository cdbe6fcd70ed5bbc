/**
 * What one SQLite file carries, for the Deploy notes: the Cell read under load on its own (the reference), then
 * the same load while one writer commits a cell per transaction as fast as it can in a process of its own (the
 * admin's path), then that writer alone; and the file's size per million cells, which is what each replica of
 * an import carries. Prints each figure beside its reference from the same run.
 * Usage: npm run build && npm run bench:writes   (BENCH_CELLS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PORT)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { generateCells, syntheticCellId } from './generate-cells';
import { stop, waitFor } from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const port = Number(process.env.BENCH_PORT ?? 5478);
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const main = resolve('dist-server', 'main.js');
if (!existsSync(main)) {
  console.error(`${main} is missing: run "npm run build" first.`);
  process.exit(2);
}

function randomCellPath(): string {
  const { mcc, mnc, cellid } = syntheticCellId(Math.floor(Math.random() * count), count);
  return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
}

function load(duration: number): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    headers: { accept: 'application/xml', 'accept-encoding': 'gzip, br' },
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: randomCellPath() }) }],
  });
}

function writer(file: string, duration: number): Promise<{ commits: number; seconds: number }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join('bench', 'write-load.ts'), file, String(duration), String(count)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  return new Promise((resolve, reject) =>
    child.on('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`writer: exit ${code}`)),
    ),
  );
}

const reads = (result: Result): string => {
  const failed = result.errors + result.timeouts + result.non2xx;
  return (
    `${Math.round(result.requests.average).toLocaleString('en')} req/s, p50 ${result.latency.p50} ms, ` +
    `p99 ${result.latency.p99} ms${failed > 0 ? `, ${failed} failed or non-2xx` : ''}`
  );
};
const perSecond = (w: { commits: number; seconds: number }): string =>
  `${Math.round(w.commits / w.seconds).toLocaleString('en')} commits/s`;

console.log(
  `machine: ${cpus().length} cores, ${cpus()[0]?.model}; node ${process.version}; load ${loadavg()[0]?.toFixed(1)}`,
);
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-writes-'));
const file = join(dir, 'cells.db');
let service: ChildProcess | undefined;
try {
  generateCells(file, count);
  const size = statSync(file).size;
  console.log(
    `database: ${count.toLocaleString('en')} cells in ${(size / 1e6).toFixed(0)} MB ` +
      `(${(size / count).toFixed(0)} bytes a cell, with its index)`,
  );
  service = spawn(process.execPath, [main], {
    cwd: dir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      POSITIONING_DB: file,
      POSITIONING_SIMULATE_MS: '0',
      POSITIONING_RATE_LIMIT: '0',
      STATIC_DIR: join(dir, 'no-app'),
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  await load(3);
  const alone = await load(seconds);
  const [busy, writing] = await Promise.all([load(seconds), writer(file, seconds)]);
  await stop(service);
  const writerAlone = await writer(file, seconds);
  console.log(
    `autocannon: ${connections} connections, ${seconds} s each, the built service; load ${loadavg()[0]?.toFixed(1)}`,
  );
  console.log(`Cell read alone (reference)        ${reads(alone)}`);
  console.log(`Cell read beside one writer        ${reads(busy)}`);
  console.log(`one writer alone (reference)       ${perSecond(writerAlone)}`);
  console.log(`one writer beside the read load    ${perSecond(writing)}`);
} finally {
  if (service !== undefined) await stop(service);
  rmSync(dir, { recursive: true, force: true });
}
