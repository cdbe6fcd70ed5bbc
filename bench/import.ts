/**
 * The OpenCelliD import at scale: generates a synthetic export (2,000,000 rows, 3% duplicates, 0.1% bad rows),
 * imports it into a fresh database in a child process (so that its peak RSS is the import's alone), then starts
 * the service on that database (loopback, rate limit off) and measures the Cell read with the load generator
 * in a process of its own (bench/support.ts runLoad).
 * Prints rows/s, peak RSS and the Cell read's p50/p99, and where the time goes: one thread reading the file
 * alone, then gunzip (with --gzip), splitting lines, parsing and naming each added in turn (each pass in the same
 * child process, after the import); the import's wall time beyond that pass is the writing and the index.
 * Usage: npm run bench:import [-- --rows N] [-- --gzip]   (BENCH_ROWS, BENCH_SECONDS, BENCH_CONNECTIONS too)
 * BENCH_INDEX=rows keeps the cells-in-view index row by row through its triggers (as before the bulk path),
 * BENCH_INDEX=bulk rebuilds it at the end; by default the importer decides.
 */
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatReport } from '../src/server/cli/import-command';
import { importCells, type ImportReport } from '../src/server/import/import-cells';
import { townGazetteer } from '../src/server/places/gazetteer';
import { openCsvSource } from '../src/server/import/input';
import { emptyCell, LineSplitter, parseCellLine } from '../src/server/import/opencellid-csv';
import { createProgress } from '../src/server/import/progress';
import { openDemoStore } from '../src/server/demo/demo-data';
import { generateOpenCellId, syntheticCellKey } from './generate-opencellid';
import {
  describeRun,
  generatorName,
  loadAverage,
  machineLine,
  randomPaths,
  runLoad,
  startBenchService,
} from './support';

const SEED = 7;
const KEYS = 'serviceKey=demo-service&userKey=demo-user';

interface ChildResult {
  report: ImportReport;
  maxRssMb: number;
  /** CPU time of the import process, all threads, user + system. */
  cpuSeconds: number;
  /** Seconds of one thread's pass over the file doing each step and the ones before it. */
  passes: Array<{ step: string; seconds: number }>;
  /** MB: the largest of each figure seen between batches (the main thread's), and the peak RSS before the index. */
  memory: Record<string, number>;
}

/** VmHWM (peak RSS so far) of this process, MB, from /proc (Linux); 0 elsewhere. */
function peakRssMb(): number {
  try {
    const kb = /VmHWM:\s*(\d+)/.exec(readFileSync('/proc/self/status', 'utf8'))?.[1];
    return kb === undefined ? 0 : Number(kb) / 1024;
  } catch {
    return 0;
  }
}

/** One thread over the whole file, doing `upTo` steps of reading it; seconds. */
async function pass(input: string, upTo: 'read' | 'gunzip' | 'lines' | 'parse' | 'name'): Promise<number> {
  const began = performance.now();
  if (upTo === 'read') {
    for await (const chunk of createReadStream(input, { highWaterMark: 256 << 10 })) void chunk;
    return (performance.now() - began) / 1000;
  }
  const gazetteer = upTo === 'name' ? townGazetteer() : undefined;
  const cell = emptyCell();
  let towns = 0;
  const splitter = new LineSplitter((line) => {
    if (upTo === 'lines') return;
    if (parseCellLine(line, cell) === undefined && gazetteer !== undefined)
      towns += gazetteer.nearestIndex(cell.lat, cell.lon) >= 0 ? 1 : 0;
  });
  const source = await openCsvSource(input);
  try {
    for await (const chunk of source.chunks) if (upTo !== 'gunzip') splitter.push(chunk as Buffer);
    splitter.end();
  } finally {
    source.close();
  }
  void towns;
  return (performance.now() - began) / 1000;
}

async function child(input: string, db: string): Promise<void> {
  const progress = createProgress({
    write: (t) => process.stderr.write(t),
    isTTY: process.stderr.isTTY === true,
  });
  let last = { rows: 0, bytesRead: 0, totalBytes: 0 };
  const index = process.env.BENCH_INDEX;
  const memory: Record<string, number> = {};
  const sample = (): void => {
    const usage = process.memoryUsage();
    const mb = (bytes: number): number => bytes / 2 ** 20;
    for (const [name, value] of Object.entries({
      rss: mb(usage.rss),
      mainHeapUsed: mb(usage.heapUsed),
      mainHeapTotal: mb(usage.heapTotal),
      external: mb(usage.external),
      arrayBuffers: mb(usage.arrayBuffers),
    }))
      memory[name] = Math.max(memory[name] ?? 0, value);
  };
  let writingPeak = 0;
  let lastPeak = 0;
  const report = await importCells({
    file: db,
    input,
    ...(index !== undefined && index !== 'auto' && { bulkIndex: index === 'bulk' }),
    ...(process.env.BENCH_BATCH !== undefined && { batchSize: Number(process.env.BENCH_BATCH) }),
    ...(process.env.BENCH_CACHE_MB !== undefined && { cacheMb: Number(process.env.BENCH_CACHE_MB) }),
    onProgress: (state) => {
      sample();
      // The import's last progress comes after the index's rebuild, the one before it after the last batch.
      [writingPeak, lastPeak] = [lastPeak, peakRssMb()];
      last = state;
      progress.update(state);
    },
  });
  progress.finish(last);
  const usage = process.resourceUsage();
  memory.peakAfterIndex = peakRssMb();
  const passes: ChildResult['passes'] = [];
  const steps: Array<Parameters<typeof pass>[1]> = ['read', 'gunzip', 'lines', 'parse', 'name'];
  for (const step of steps.filter((s) => report.gzip || s !== 'gunzip'))
    passes.push({ step, seconds: await pass(input, step) });
  memory.peakBeforeIndex = writingPeak;
  const result: ChildResult = {
    memory,
    report,
    maxRssMb: usage.maxRSS / 1024,
    cpuSeconds: (usage.userCPUTime + usage.systemCPUTime) / 1e6,
    passes,
  };
  process.stdout.write(JSON.stringify(result));
}

function runChild(input: string, db: string): Promise<ChildResult> {
  return new Promise((resolve, reject) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', 'bench/import.ts', '--child', input, db], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('close', (code) => {
      if (code === 0) resolve(JSON.parse(out) as ChildResult);
      else reject(new Error(`the import exited with ${code}`));
    });
  });
}

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

async function main(): Promise<void> {
  const rows = Number(flag('--rows') ?? process.env.BENCH_ROWS ?? 2_000_000);
  const gzip = process.argv.includes('--gzip');
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  console.log(machineLine());

  const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-import-'));
  try {
    const input = join(dir, gzip ? 'cells.csv.gz' : 'cells.csv');
    const began = performance.now();
    const stats = await generateOpenCellId({ out: input, rows, seed: SEED, gzip });
    console.log(
      `generated ${rows.toLocaleString('en')} rows (${stats.distinct.toLocaleString('en')} cells, ` +
        `${stats.duplicates.toLocaleString('en')} duplicates, ${stats.bad.toLocaleString('en')} bad), ` +
        `${(statSync(input).size / 1e6).toFixed(0)} MB${gzip ? ' gzip' : ''}, in ${((performance.now() - began) / 1000).toFixed(1)} s`,
    );

    const db = join(dir, 'cells.db');
    openDemoStore(db).close();
    const { report, maxRssMb, cpuSeconds, passes, memory } = await runChild(input, db);
    process.stdout.write(formatReport(report));
    console.log(
      `import: ${Math.round(report.rowsPerSecond).toLocaleString('en')} rows/s including town names ` +
        `(goal ≥ 500,000), peak RSS ${maxRssMb.toFixed(0)} MB (goal < 300 MB), index ` +
        `${process.env.BENCH_INDEX ?? 'auto'}, load average ${loadAverage()}`,
    );
    console.log(
      `memory, MB: peak RSS ${memory.peakBeforeIndex?.toFixed(0)} through the writing, ` +
        `${memory.peakAfterIndex?.toFixed(0)} with the index; largest between batches: RSS ` +
        `${memory.rss?.toFixed(0)}, main heap ${memory.mainHeapUsed?.toFixed(0)} used of ` +
        `${memory.mainHeapTotal?.toFixed(0)}, external ${memory.external?.toFixed(0)} (ArrayBuffers ` +
        `${memory.arrayBuffers?.toFixed(0)})`,
    );
    console.log('where the time goes, one thread over the file (each step adds to the ones before):');
    let before = 0;
    for (const { step, seconds } of passes) {
      console.log(
        `  ${step.padEnd(7)} +${(seconds - before).toFixed(2)} s  (${Math.round(rows / seconds).toLocaleString('en')} rows/s up to here)`,
      );
      before = seconds;
    }
    console.log(
      `  the import: ${report.seconds.toFixed(2)} s wall with the reading in its own thread: writing ` +
        `${(report.seconds - report.indexSeconds).toFixed(2)} s (the reading's wait included), the cells-in-view ` +
        `index rebuilt at the end ${report.indexSeconds.toFixed(2)} s`,
    );
    console.log(
      `import CPU: ${cpuSeconds.toFixed(1)} s user+system over both threads for ${report.seconds.toFixed(1)} s ` +
        `wall, ${Math.round(report.rows / cpuSeconds).toLocaleString('en')} rows per CPU-second`,
    );

    const service = await startBenchService({ db, env: { POSITIONING_DEMO: 'on' } });
    try {
      const paths = randomPaths(() => {
        const { mcc, mnc, cellid } = syntheticCellKey(SEED, Math.floor(Math.random() * stats.distinct));
        return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
      });
      const sample = await fetch(service.origin + paths[0]);
      if (sample.status !== 200)
        throw new Error(`the Cell read answered ${sample.status}: ${await sample.text()}`);
      await runLoad({ origin: service.origin, paths, connections, seconds: 2 });
      const result = await runLoad({ origin: service.origin, paths, connections, seconds });
      console.log(
        `Cell read on the imported cells: ${describeRun(result)} (${generatorName}, ${connections} ` +
          `connections, ${seconds} s after 2 s warm-up, 127.0.0.1); load average ${loadAverage()}`,
      );
    } finally {
      await service.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--child') {
  await child(process.argv[3] ?? '', process.argv[4] ?? '');
} else {
  await main();
}
