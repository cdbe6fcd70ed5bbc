/**
 * The cells-in-view read at scale: 1,000,000 synthetic cells (spread over the inhabited latitudes of the whole
 * world) in a fresh database, the service on it (rate limiting and the simulator off), the load generator in a
 * process of its own (bench/support.ts runLoad) on loopback asking for random boxes of several sizes, and the
 * Cell read on the same database as the reference.
 * Prints, per kind of box: cells per answer, bytes on the wire, requests/s, p50 and p99.
 * Usage: npm run bench:cells-in-view   (BENCH_CELLS, BENCH_SECONDS, BENCH_CONNECTIONS to change)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateCells, syntheticCellId } from './generate-cells';
import {
  describeRun,
  generatorName,
  loadAverage,
  machineLine,
  randomPaths,
  runLoad,
  startBenchService,
  type LoadRun,
} from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
/* What Chromium sends, and the document's default format (the app's too). */
const headers = { accept: 'application/xml', 'accept-encoding': 'gzip, deflate, br, zstd' };

interface Kind {
  name: string;
  /** Degrees of longitude and latitude. */
  width: number;
  height: number;
  query?: string;
  limit: number;
}

/* The synthetic cells lie between 55° S and 70° N, about 22 to a square degree. */
const KINDS: Kind[] = [
  { name: 'town (0.5° × 0.25°)', width: 0.5, height: 0.25, limit: 1000 },
  { name: 'region (4° × 2°)', width: 4, height: 2, limit: 1000 },
  { name: 'country (12° × 8°), the app’s limit', width: 12, height: 8, limit: 5000 },
  { name: 'country, one operator', width: 12, height: 8, query: '&mcc=310&mnc=3', limit: 5000 },
  { name: 'continent (60° × 30°), cut and spread', width: 60, height: 30, limit: 5000 },
];

function randomBox(kind: Kind): string {
  const west = -180 + Math.random() * (360 - kind.width);
  const south = -55 + Math.random() * (125 - kind.height);
  const bbox = [west, south, west + kind.width, south + kind.height].map((v) => v.toFixed(4)).join(',');
  return `/api/cells?bbox=${bbox}&limit=${kind.limit}${kind.query ?? ''}&${KEYS}`;
}

function randomCell(): string {
  const { mcc, mnc, cellid } = syntheticCellId(Math.floor(Math.random() * count), count);
  return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
}

/** Cells per answer and bytes on the wire, from a sample of 20 answers. */
async function sample(
  origin: string,
  paths: readonly string[],
): Promise<{ cells: number; bytes: number; truncated: number }> {
  let cells = 0;
  let bytes = 0;
  let truncated = 0;
  for (const path of paths.slice(0, 20)) {
    const res = await fetch(`${origin}${path}`, { headers: { accept: 'application/xml' } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`the service answered ${res.status}: ${text.slice(0, 200)}`);
    cells += (text.match(/<cell>/g) ?? []).length;
    truncated += text.includes('<truncated>true</truncated>') ? 1 : 0;
    const compressed = await fetch(`${origin}${path}`, { headers });
    bytes += Number(compressed.headers.get('content-length') ?? (await compressed.arrayBuffer()).byteLength);
  }
  return { cells: cells / 20, bytes: bytes / 20, truncated };
}

const row = (name: string, run: LoadRun, shape: string): string =>
  `${name.padEnd(42)} ${shape.padEnd(34)} ${describeRun(run)}`;

console.log(machineLine());
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-in-view-'));
const file = join(dir, 'cells.db');
const generated = generateCells(file, count);
console.log(
  `generator: ${generated.rows.toLocaleString('en')} cells (R*Tree kept by triggers) in ` +
    `${generated.seconds.toFixed(2)} s, ${Math.round(generated.rowsPerSecond).toLocaleString('en')} rows/s`,
);

const service = await startBenchService({ db: file });
try {
  console.log(
    `load generator: ${generatorName}; ${connections} connections, ${seconds} s each after 2 s of warm-up, ` +
      `XML, brotli; random boxes`,
  );
  const reads: Array<[string, string[], string]> = [
    ['Cell read (the reference)', randomPaths(randomCell), 'one cell'],
  ];
  for (const kind of KINDS) {
    const paths = randomPaths(() => randomBox(kind));
    const shape = await sample(service.origin, paths);
    const cut = shape.truncated > 0 ? `, ${shape.truncated}/20 cut` : '';
    reads.push([
      kind.name,
      paths,
      `${Math.round(shape.cells)} cells, ${(shape.bytes / 1000).toFixed(1)} kB${cut}`,
    ]);
  }
  for (const [name, paths, shape] of reads) {
    const spec = { origin: service.origin, paths, headers, connections };
    await runLoad({ ...spec, seconds: 2 });
    console.log(row(name, await runLoad({ ...spec, seconds }), shape));
  }
  console.log(`load average now ${loadAverage()}`);
} finally {
  await service.stop();
  rmSync(dir, { recursive: true, force: true });
}
