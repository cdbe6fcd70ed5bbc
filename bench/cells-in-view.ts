/**
 * The cells-in-view read at scale: 1,000,000 synthetic cells (spread over the inhabited latitudes of the whole
 * world) in a fresh database, the service on it (rate limiting and the simulator off), autocannon on loopback
 * asking for random boxes of several sizes, then the Cell read on the same database as the reference.
 * Prints, per kind of box: cells per answer, bytes on the wire, requests/s, p50 and p99.
 * Usage: npm run bench:cells-in-view   (BENCH_CELLS, BENCH_SECONDS, BENCH_CONNECTIONS, BENCH_PORT to change)
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { generateCells, syntheticCellId } from './generate-cells';
import { startService, stop, waitFor } from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 5560);
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

async function load(path: () => string, duration: number): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    headers,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: path() }) }],
  });
}

/** Cells per answer and bytes on the wire, from a sample of 20 answers. */
async function sample(path: () => string): Promise<{ cells: number; bytes: number; truncated: number }> {
  let cells = 0;
  let bytes = 0;
  let truncated = 0;
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`http://127.0.0.1:${port}${path()}`, { headers: { accept: 'application/xml' } });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`the service answered ${res.status}: ${text.slice(0, 200)}`);
    cells += (text.match(/<cell>/g) ?? []).length;
    truncated += text.includes('<truncated>true</truncated>') ? 1 : 0;
    const compressed = await fetch(`http://127.0.0.1:${port}${path()}`, { headers });
    bytes += Number(compressed.headers.get('content-length') ?? (await compressed.arrayBuffer()).byteLength);
  }
  return { cells: cells / 20, bytes: bytes / 20, truncated };
}

function row(name: string, result: Result, shape: string): string {
  const problems = result.errors + result.timeouts + result.non2xx;
  return (
    `${name.padEnd(42)} ${shape.padEnd(34)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s` +
    `   p50 ${String(result.latency.p50).padStart(4)} ms   p99 ${String(result.latency.p99).padStart(4)} ms` +
    `${problems > 0 ? `   ${problems} failed or non-2xx` : ''}`
  );
}

const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
console.log(
  `machine: ${cpus().length} cores, ${cpuModel}; node ${process.version}; load average ${loadavg()[0]?.toFixed(1)}`,
);
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-in-view-'));
const file = join(dir, 'cells.db');
const generated = generateCells(file, count);
console.log(
  `generator: ${generated.rows.toLocaleString('en')} cells (R*Tree kept by triggers) in ` +
    `${generated.seconds.toFixed(2)} s, ${Math.round(generated.rowsPerSecond).toLocaleString('en')} rows/s`,
);

const service = startService(['--import', 'tsx', join('src', 'server', 'main.ts')], {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: String(port),
  POSITIONING_DB: file,
  POSITIONING_SIMULATE_MS: '0',
  POSITIONING_RATE_LIMIT: '0',
  STATIC_DIR: join(dir, 'no-app'),
  NODE_ENV: 'production',
});
try {
  await waitFor(`http://127.0.0.1:${port}/api/health`);
  console.log(
    `autocannon: ${connections} connections, ${seconds} s each after 2 s of warm-up, XML, brotli; random boxes`,
  );
  const reads: Array<[string, () => string, string]> = [
    ['Cell read (the reference)', randomCell, 'one cell'],
  ];
  for (const kind of KINDS) {
    const path = () => randomBox(kind);
    const shape = await sample(path);
    const cut = shape.truncated > 0 ? `, ${shape.truncated}/20 cut` : '';
    reads.push([
      kind.name,
      path,
      `${Math.round(shape.cells)} cells, ${(shape.bytes / 1000).toFixed(1)} kB${cut}`,
    ]);
  }
  for (const [name, path, shape] of reads) {
    await load(path, 2);
    console.log(row(name, await load(path, seconds), shape));
  }
  console.log(`load average now ${loadavg()[0]?.toFixed(1)}`);
} finally {
  await stop(service);
  rmSync(dir, { recursive: true, force: true });
}
