/**
 * What one SQLite file carries, for the Deploy notes: the Cell read under load on its own (the reference), then
 * the same load while one writer commits a cell per transaction as fast as it can in a process of its own (the
 * admin's path), then that writer alone; and the file's size per million cells, which is what each replica of
 * an import carries. Prints each figure beside its reference from the same run.
 * Usage: npm run build && npm run bench:writes   (BENCH_CELLS, BENCH_SECONDS, BENCH_CONNECTIONS)
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateCells, syntheticCellId } from './generate-cells';
import {
  describeRun,
  generatorName,
  loadAverage,
  machineLine,
  randomPaths,
  runLoad,
  startBenchService,
  type BenchServer,
  type LoadRun,
} from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const main = resolve('dist-server', 'main.js');
if (!existsSync(main)) {
  console.error(`${main} is missing: run "npm run build" first.`);
  process.exit(2);
}

const paths = randomPaths(() => {
  const { mcc, mnc, cellid } = syntheticCellId(Math.floor(Math.random() * count), count);
  return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
});

function load(service: BenchServer, duration: number): Promise<LoadRun> {
  return runLoad({
    origin: service.origin,
    paths,
    connections,
    seconds: duration,
    headers: { accept: 'application/xml', 'accept-encoding': 'gzip, br' },
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

const perSecond = (w: { commits: number; seconds: number }): string =>
  `${Math.round(w.commits / w.seconds).toLocaleString('en')} commits/s`;

console.log(machineLine());
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-writes-'));
const file = join(dir, 'cells.db');
let service: BenchServer | undefined;
try {
  generateCells(file, count);
  const size = statSync(file).size;
  console.log(
    `database: ${count.toLocaleString('en')} cells in ${(size / 1e6).toFixed(0)} MB ` +
      `(${(size / count).toFixed(0)} bytes a cell, with its index)`,
  );
  service = await startBenchService({ db: file, built: true });
  await load(service, 3);
  const alone = await load(service, seconds);
  const [busy, writing] = await Promise.all([load(service, seconds), writer(file, seconds)]);
  await service.stop();
  const writerAlone = await writer(file, seconds);
  console.log(
    `load generator: ${generatorName}; ${connections} connections, ${seconds} s each, the built service; ` +
      `load ${loadAverage()}`,
  );
  console.log(`Cell read alone (reference)        ${describeRun(alone)}`);
  console.log(`Cell read beside one writer        ${describeRun(busy)}`);
  console.log(`one writer alone (reference)       ${perSecond(writerAlone)}`);
  console.log(`one writer beside the read load    ${perSecond(writing)}`);
} finally {
  await service?.stop();
  rmSync(dir, { recursive: true, force: true });
}
