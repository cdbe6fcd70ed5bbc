/**
 * The OpenCelliD import at scale: generates a synthetic export (3,000,000 rows, 3% duplicates, 0.1% bad rows) and
 * runs the whole `import-cells` command on it as a person does (`npm run service -- import-cells FILE --db DB`,
 * the built service, into a database with the demo's cells), timed from outside: rows/s of the whole command,
 * its peak RSS and CPU time (all threads), and the time of each step as its report gives them. Beside it, from
 * the same run and file (bench/import-references.ts): one thread reading and parsing the file, one thread naming
 * its rows' towns, and a bare better-sqlite3 insert loop writing the same rows. Then the service on the imported
 * database, with the Cell read under load (the generator in a process of its own, bench/support.ts runLoad).
 * First, the sqlite3 command line's `.import` of the same rows (decompressed first, untimed) into a plain table, the
 * reference the import's time is judged by (issue 36); `--import-only` stops after the import (a large --rows).
 * Usage: npm run bench:import [-- --rows N] [-- --gzip] [-- --import-only]   (BENCH_ROWS, BENCH_BATCH,
 * BENCH_SECONDS, BENCH_CONNECTIONS too)
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDemoStore } from '../src/server/demo/demo-data';
import { generateOpenCellId, syntheticCellKey } from './generate-opencellid';
import {
  bareInsert,
  nameTowns,
  plainCopy,
  readAndParse,
  sortedCells,
  sqlite3Command,
  sqlite3Import,
  type Timed,
} from './import-references';
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
const grouped = (n: number): string => Math.round(n).toLocaleString('en');

interface CommandRun {
  seconds: number;
  code: number | null;
  out: string;
  usage: NodeJS.ResourceUsage;
  /** The steps the import's report gives, in seconds. */
  steps: Array<[string, number]>;
}

/** `npm run service -- import-cells input --db db`, with the usage of its process written at its exit. */
function runCommand(input: string, db: string, usageFile: string): Promise<CommandRun> {
  const args = [
    '--import',
    './bench/exit-usage.mjs',
    'scripts/service.mjs',
    'import-cells',
    input,
    '--db',
    db,
  ];
  if (process.env.BENCH_BATCH !== undefined) args.push('--batch', process.env.BENCH_BATCH);
  return new Promise((resolve, reject) => {
    const began = performance.now();
    const child = spawn(process.execPath, args, {
      env: { ...process.env, BENCH_USAGE_FILE: usageFile },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const seconds = (performance.now() - began) / 1000;
      const usage = JSON.parse(readFileSync(usageFile, 'utf8')) as NodeJS.ResourceUsage;
      const steps = [...out.matchAll(/^ {4} *([\d.]+) s {2}(.+)$/gm)].map(
        ([, time, step]) => [step!, Number(time)] as [string, number],
      );
      resolve({ seconds, code, out, usage, steps });
    });
  });
}

function flag(name: string): string | undefined {
  const at = process.argv.indexOf(name);
  return at < 0 ? undefined : process.argv[at + 1];
}

const perRow = (seconds: number, rows: number): string => `${((seconds / rows) * 1e6).toFixed(2)} µs`;

/**
 * The sqlite3 command line's `.import` of the same rows (bench/import-references.ts), timed in this run just before
 * the import: the ratio beside it is what the import's cost is judged by, whatever the machine's load.
 */
async function sqlite3Reference(
  sqlite3: string,
  input: string,
  dir: string,
  rows: number,
): Promise<{ seconds: number; cpuSeconds: number }> {
  const plain = await plainCopy(input, dir);
  const load = loadAverage();
  const reference = await sqlite3Import(sqlite3, plain, dir, true);
  console.log(
    `the sqlite3 command line's .import of the same rows, decompressed, into a plain table (no key, no index): ` +
      `${reference.seconds.toFixed(2)} s, ${perRow(reference.seconds, rows)} a row, CPU ` +
      `${reference.cpuSeconds.toFixed(1)} s; load average ${load} before, ${loadAverage()} after`,
  );
  if (plain !== input) rmSync(plain, { force: true });
  return reference;
}

const line = (what: string, time: Timed, rows: number): string =>
  `  ${what.padEnd(58)} ${time.seconds.toFixed(2).padStart(6)} s  ${grouped(rows / time.seconds).padStart(10)} rows/s` +
  `  (CPU ${time.cpuSeconds.toFixed(2)} s)`;

/** Issue 25's bound for one transaction (3,000,000 rows), issue 36's for several (10,000,000 rows). */
const memoryGoal = (rows: number): string =>
  rows <= 4_000_000 ? 'goal < 1,000 MB' : 'goal ≤ 1,200 MB at 10,000,000 rows';

function printImport(run: CommandRun, rows: number, load: string): void {
  const rss = run.usage.maxRSS / 1024;
  const cpu = (run.usage.userCPUTime + run.usage.systemCPUTime) / 1e6;
  console.log(
    `import-cells, the whole command: ${run.seconds.toFixed(2)} s, ${grouped(rows / run.seconds)} rows/s ` +
      `(goal ≥ 450,000), peak RSS ${rss.toFixed(0)} MB (${memoryGoal(rows)}), CPU ${cpu.toFixed(1)} s over its ` +
      `threads; load average ${load} before, ${loadAverage()} after`,
  );
  const stepped = run.steps.reduce((sum, [, seconds]) => sum + seconds, 0);
  console.log('  its steps, as its report gives them (reading and naming overlap the first):');
  for (const [step, seconds] of run.steps) console.log(`    ${seconds.toFixed(2).padStart(6)} s  ${step}`);
  console.log(
    `    ${(run.seconds - stepped).toFixed(2).padStart(6)} s  the rest: starting node and the service's code, ` +
      'opening the database, the report',
  );
}

async function main(): Promise<void> {
  const rows = Number(flag('--rows') ?? process.env.BENCH_ROWS ?? 3_000_000);
  const gzip = process.argv.includes('--gzip');
  const seconds = Number(process.env.BENCH_SECONDS ?? 10);
  const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
  console.log(machineLine());
  // The service built (when its sources changed) before anything is timed.
  spawnSync(process.execPath, ['scripts/service.mjs', 'help'], { stdio: 'ignore' });

  const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-import-'));
  try {
    const input = join(dir, gzip ? 'cells.csv.gz' : 'cells.csv');
    const stats = await generateOpenCellId({ out: input, rows, seed: SEED, gzip });
    console.log(
      `generated ${grouped(rows)} rows (${grouped(stats.distinct)} cells, ${grouped(stats.duplicates)} ` +
        `duplicates, ${grouped(stats.bad)} bad), ${(statSync(input).size / 1e6).toFixed(0)} MB${gzip ? ' gzip' : ''}`,
    );
    const db = join(dir, 'cells.db');
    openDemoStore(db).close();

    const sqlite3 = sqlite3Command();
    const reference = 'path' in sqlite3 ? await sqlite3Reference(sqlite3.path, input, dir, rows) : undefined;
    if ('missing' in sqlite3) console.log(`no sqlite3 .import reference: ${sqlite3.missing}`);

    const load = loadAverage();
    const run = await runCommand(input, db, join(dir, 'usage.json'));
    if (run.code !== 0) throw new Error(`import-cells exited with ${run.code}:\n${run.out}`);
    process.stdout.write(run.out.replace(/^.*\r/gm, ''));
    printImport(run, rows, load);
    if (reference !== undefined) {
      const cpu = (run.usage.userCPUTime + run.usage.systemCPUTime) / 1e6;
      console.log(
        `  per row: the import ${perRow(run.seconds, rows)}, sqlite3's .import ${perRow(reference.seconds, rows)}: ` +
          `${(run.seconds / reference.seconds).toFixed(2)} × the sqlite3 command line (goal ≤ 1.2); CPU time ` +
          `${(cpu / reference.cpuSeconds).toFixed(2)} × sqlite3's (${perRow(cpu, rows)} against ` +
          `${perRow(reference.cpuSeconds, rows)} a row: what a busy machine disturbs least)`,
      );
    }
    if (process.argv.includes('--import-only')) return;

    console.log(
      `the references, the same file in this process, one thread each (load average ${loadAverage()}):`,
    );
    console.log(
      line('read and parse (the import reads so in its own thread)', await readAndParse(input), rows),
    );
    const sorted = await sortedCells(input, stats.rows);
    console.log(line('name the towns (the import does so as the rows come)', await nameTowns(sorted), rows));
    const bare = await bareInsert(sorted, dir);
    console.log(line(`a bare better-sqlite3 insert loop of the ${grouped(sorted.length)} cells`, bare, rows));

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

await main();
