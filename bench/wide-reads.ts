/**
 * Cells in view over the whole world, filtered (issue 23, item 1): on 1,000,000 synthetic cells (bench/generate-cells:
 * 50 mccs × 20 mncs spread over the world, radio unknown) beside the demo's 681 cells in Finland (three operators,
 * every radio), each world-wide read alone, then five at once with
 * /api/health asked every 20 ms beside them; the reference is /api/health on the same service with nothing else
 * running. The goal: every read within 1 s (its cells, or a 4xx that says to zoom in), health within 250 ms.
 * Usage: npm run bench:wide-reads   (BENCH_CELLS to change the count; BENCH_DB=file to keep and reuse a database)
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCells } from './generate-cells';
import { loadAverage, machineLine, quantile, startBenchService } from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const WORLD = 'bbox=-180,-85,180,85&limit=5000';
const ROUNDS = 3;

/* The two reads first; then what the synthetic cells hold: an mcc (20,000 cells all over the world), one
   operator (1,000), a radio no cell has, and no filter at all. */
const READS: Array<[string, string]> = [
  ['mcc=244&mnc=91&radio=NR (95 demo cells)', '&mcc=244&mnc=91&radio=NR'],
  ['mcc=999 (no such cell)', '&mcc=999'],
  ['mcc=310 (20,000 cells)', '&mcc=310'],
  ['mcc=310&mnc=3 (1,000 cells)', '&mcc=310&mnc=3'],
  ['radio=LTE (339 demo cells)', '&radio=LTE'],
  ['no filter (1,000,000 cells)', ''],
];

interface Timed {
  ms: number;
  status: number;
  text: string;
}

/** One request, timed; a connection the service dropped (or 2 minutes without an answer) is status 0. */
async function timed(url: string): Promise<Timed> {
  const started = performance.now();
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      signal: AbortSignal.timeout(120_000),
    });
    const text = await response.text();
    return { ms: performance.now() - started, status: response.status, text };
  } catch (error) {
    return { ms: performance.now() - started, status: 0, text: (error as Error).message };
  }
}

/** What an answer was: its cells (and whether cut), or its status and code. */
function shape({ status, text }: Timed): string {
  if (status === 0) return `failed: ${text}`;
  if (status !== 200) {
    const code = /"code":\s*"([^"]+)"/.exec(text)?.[1] ?? '?';
    return `${status} ${code}`;
  }
  const body = JSON.parse(text) as { cells: { cell: unknown[]; truncated?: boolean | string } };
  const cut = String(body.cells.truncated) === 'true';
  return `200, ${body.cells.cell.length} cells${cut ? ' (cut)' : ''}`;
}

const ms = (value: number): string => `${value.toFixed(0)} ms`;

async function health(origin: string, samples: number): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < samples; i++) times.push((await timed(`${origin}/api/health`)).ms);
  return times.sort((a, b) => a - b);
}

/** Five reads at once, health asked every 20 ms until they are all answered. */
async function fiveAtOnce(origin: string, queries: string[]): Promise<{ reads: Timed[]; health: number[] }> {
  const healthTimes: number[] = [];
  let done = false;
  const polling = (async () => {
    while (!done) {
      healthTimes.push((await timed(`${origin}/api/health`)).ms);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const reads = await Promise.all(
    queries.map((query) => timed(`${origin}/api/cells?${WORLD}${query}&${KEYS}`)),
  );
  done = true;
  await polling;
  return { reads, health: healthTimes.sort((a, b) => a - b) };
}

console.log(machineLine());
const kept = process.env.BENCH_DB;
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-wide-'));
const file = kept ?? join(dir, 'cells.db');
if (kept === undefined || !existsSync(kept)) {
  const generated = generateCells(file, count);
  console.log(`generator: ${generated.rows.toLocaleString('en')} cells in ${generated.seconds.toFixed(1)} s`);
} else {
  console.log(`database: ${kept} (kept from an earlier run)`);
}

const service = await startBenchService({ db: file });
try {
  const origin = service.origin;
  await health(origin, 20);
  const quiet = await health(origin, 50);
  console.log(
    `/api/health alone (the reference): p50 ${ms(quantile(quiet, 0.5))}, max ${ms(quiet.at(-1) ?? NaN)}`,
  );
  console.log(`\neach read of ${WORLD} alone, ${ROUNDS} times:`);
  for (const [name, query] of READS) {
    const runs: Timed[] = [];
    for (let i = 0; i < ROUNDS; i++) runs.push(await timed(`${origin}/api/cells?${WORLD}${query}&${KEYS}`));
    const times = runs.map((run) => run.ms).sort((a, b) => a - b);
    console.log(
      `  ${name.padEnd(40)} ${shape(runs[0]!).padEnd(28)} median ${ms(quantile(times, 0.5))}, max ${ms(times.at(-1)!)}`,
    );
  }
  console.log('\nfive at once (the first five above), with /api/health every 20 ms beside them:');
  for (let round = 1; round <= ROUNDS; round++) {
    const { reads, health: beside } = await fiveAtOnce(
      origin,
      READS.slice(0, 5).map(([, query]) => query),
    );
    const slowest = Math.max(...reads.map((read) => read.ms));
    console.log(
      `  round ${round}: slowest read ${ms(slowest)} (${reads.map(shape).join('; ')}); health ${beside.length} asked, ` +
        `p50 ${ms(quantile(beside, 0.5))}, max ${ms(beside.at(-1) ?? NaN)}`,
    );
  }
  console.log(`load average now ${loadAverage()}`);
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
