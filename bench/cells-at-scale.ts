/**
 * Cells in view at scale, as the app asks (with the map's zoom: counts where a view holds more than the limit), the
 * service under load: on `cells` generated cells (bench/generate-cells.ts, clustered: a tenth over Finland, a
 * twentieth over Helsinki), the service on 127.0.0.1, the load generator in a process of its own with a bounded
 * number of connections (bench/support.ts runLoad) asking for one view at a time, and `/api/health` asked beside it
 * by one connection more. The reference, from the same run: a plain SQL count(*) of `cells` over the same box (the
 * squares' box, what the counts count) with the same filters.
 * The service runs as in real use: its built JavaScript (built first when missing or stale, as npm start does).
 * Usage: npm run bench:cells-at-scale [-- cells [file]]   (default 1,000,000 cells in a temporary file; a file that
 *   exists is measured as it is)   BENCH_ENGINE=postgres: a throwaway cluster (scripts/pg-cluster.ts) filled in SQL
 *   with cells placed alike; BENCH_SECONDS (10), BENCH_CONNECTIONS (10).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from '../src/server/store/sqlite/driver';
import { RADIO_CODES } from '../src/server/store/records';
import { countsZoom, coveredBox } from '../src/api/map-tiles';
import { ensureBuilt } from '../scripts/built.mjs';
import { startCluster, type Cluster } from '../scripts/pg-cluster';
import { fillPostgres } from './cells-at-scale-pg';
import { countWhere, type Asked } from './plain-count';
import { generateCells } from './generate-cells';
import { generatorName, loadAverage, machineLine, runLoad, startBenchService, type LoadRun } from './support';

const count = Number(process.argv[2] ?? 1_000_000);
const engine = process.env.BENCH_ENGINE === 'postgres' ? 'postgres' : 'sqlite';
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const headers = { accept: 'application/xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

const COUNTRY = '19,59,32,71';
const TOWN = '24.8,60.1,25.1,60.3';
/** The views, as the app asks for them (limit 5,000, the map's zoom), and the goal of each, p50 ms. */
const VIEWS: Array<{ name: string; bbox: string; query: string; goal: number }> = [
  { name: 'country', bbox: COUNTRY, query: '&zoom=5', goal: 100 },
  { name: 'town', bbox: TOWN, query: '&zoom=12', goal: 20 },
  { name: 'country, one operator', bbox: COUNTRY, query: '&zoom=5&mcc=244&mnc=1', goal: 1000 },
  { name: 'country, LTE', bbox: COUNTRY, query: '&zoom=5&radio=LTE', goal: 1000 },
  { name: 'town, one operator, NR', bbox: TOWN, query: '&zoom=12&mcc=244&mnc=2&radio=NR', goal: 1000 },
  { name: 'country, no zoom (a sample)', bbox: COUNTRY, query: '', goal: Number.NaN },
];

const ms = (from: number) => performance.now() - from;

function askedOf(view: (typeof VIEWS)[number]): Asked | undefined {
  const params = new URLSearchParams(view.query);
  const zoom = params.get('zoom');
  if (zoom === null) return undefined;
  const [west, south, east, north] = view.bbox.split(',').map(Number) as [number, number, number, number];
  const radio = params.get('radio');
  return {
    box: coveredBox(countsZoom({ west, south, east, north }, Number(zoom))),
    ...(params.has('mcc') && { mcc: Number(params.get('mcc')) }),
    ...(params.has('mnc') && { mnc: Number(params.get('mnc')) }),
    ...(radio !== null && { radio: RADIO_CODES.indexOf(radio as (typeof RADIO_CODES)[number]) }),
  };
}

/** The reference of each view: a plain count(*) of `cells` over the same box with the same filters, timed. */
async function reference(countIn: (asked: Asked) => Promise<number>): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  for (const view of VIEWS) {
    const asked = askedOf(view);
    if (asked === undefined) continue;
    const began = performance.now();
    const n = await countIn(asked);
    found.set(view.name, `count(*) ${n.toLocaleString('en')} in ${ms(began).toFixed(0)} ms`);
  }
  return found;
}

const sqliteCount = (file: string) => async (asked: Asked) => {
  const db = new Database(file, { readonly: true });
  try {
    const { where, values } = countWhere(asked, () => '?');
    return db
      .prepare(`SELECT count(*) FROM cells WHERE ${where}`)
      .pluck()
      .get(...values) as number;
  } finally {
    db.close();
  }
};

const line = (run: LoadRun) =>
  `p50 ${run.p50Ms.toFixed(1)} ms p99 ${run.p99Ms.toFixed(1)} ms ${Math.round(run.rps)} req/s` +
  (run.socketErrors + run.httpErrors > 0 ? ` errors ${run.socketErrors + run.httpErrors}` : '');

async function measure(origin: string, references: Map<string, string>): Promise<void> {
  for (const view of VIEWS) {
    const path = `/api/cells?bbox=${view.bbox}&limit=5000${view.query}&${KEYS}`;
    const began = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { accept: 'application/xml' } });
    const body = await res.text();
    const first = ms(began);
    const total = /<total>(\d+)<\/total>/.exec(body)?.[1];
    const shape = total
      ? `counts, total ${Number(total).toLocaleString('en')}`
      : `${(body.match(/<cell>/g) ?? []).length} cells`;
    const spec = { origin, headers, connections };
    await runLoad({ ...spec, paths: [path], seconds: 2 });
    const [run, health] = await Promise.all([
      runLoad({ ...spec, paths: [path], seconds }),
      runLoad({ origin, paths: ['/api/health'], connections: 1, seconds }),
    ]);
    const goal = Number.isNaN(view.goal) ? '' : ` (goal p50 ≤ ${view.goal} ms)`;
    console.log(
      `${view.name}${goal}: ${res.status}, ${shape}, first answer ${first.toFixed(0)} ms; ${line(run)}`,
    );
    console.log(`  beside it /api/health: ${line(health)}; load average ${loadAverage()}`);
    const reference = references.get(view.name);
    if (reference !== undefined) console.log(`  reference, the squares' box, same filters: ${reference}`);
  }
}

async function sqlite(): Promise<void> {
  const dir = process.argv[3] === undefined ? mkdtempSync(join(tmpdir(), 'cells-at-scale-')) : undefined;
  const file = process.argv[3] ?? join(dir ?? '', 'cells.db');
  try {
    if (existsSync(file)) console.log(`${file}: measured as it is`);
    else {
      const made = generateCells(file, count, 'clustered');
      console.log(
        `generated ${count.toLocaleString('en')} cells in ${made.seconds.toFixed(0)} s ` +
          `(R*Tree and counts built in ${made.indexSeconds.toFixed(0)} s of it)`,
      );
    }
    const references = await reference(sqliteCount(file));
    const service = await startBenchService({ db: file, built: true });
    try {
      await measure(service.origin, references);
    } finally {
      await service.stop();
    }
  } finally {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  }
}

async function postgres(): Promise<void> {
  const cluster: Cluster = await startCluster();
  const dir = mkdtempSync(join(tmpdir(), 'cells-at-scale-pg-'));
  try {
    // The service's first start on the empty database seeds the demo keys (it would not beside cells already there).
    const seeding = await startBenchService({
      db: join(dir, 'unused.db'),
      built: true,
      env: { DATABASE_URL: cluster.url },
    });
    await seeding.stop();
    const filled = await fillPostgres(cluster.url, count);
    console.log(
      `filled ${count.toLocaleString('en')} cells, counts built, in ${filled.seconds.toFixed(0)} s`,
    );
    const references = await reference(filled.countIn);
    await filled.end();
    const service = await startBenchService({
      db: join(dir, 'unused.db'),
      built: true,
      env: { DATABASE_URL: cluster.url },
    });
    try {
      await measure(service.origin, references);
    } finally {
      await service.stop();
    }
  } finally {
    cluster.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

ensureBuilt(process.cwd(), { parts: ['service'] });
console.log(machineLine());
console.log(
  `${engine}, ${count.toLocaleString('en')} cells; ${connections} connections, ${seconds} s a view after 2 s ` +
    `of warm-up, XML, brotli; ${generatorName}; load average ${loadAverage()}`,
);
await (engine === 'postgres' ? postgres() : sqlite());
console.log(`bench peak memory (max RSS): ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
