/**
 * The Cell read at scale: 1,000,000 synthetic cells in a fresh database, the service on it (rate limiting and
 * the simulator off), autocannon on loopback asking for random existing cells; then a bare node:http server
 * answering the same bytes, under the same load. Prints requests/s, p50/p99 and the ratio of the two.
 * Usage: npm run bench:service   (BENCH_CELLS, BENCH_SECONDS, BENCH_CONNECTIONS to change the load)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { generateCells, syntheticCellId } from './generate-cells';
import { startService, stop, waitFor } from './support';

const count = Number(process.env.BENCH_CELLS ?? 1_000_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 15);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const servicePort = Number(process.env.BENCH_PORT ?? 5471);
const barePort = servicePort + 1;
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
/* What Chromium sends; BENCH_ACCEPT_ENCODING= (empty) asks without it. */
const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? 'gzip, deflate, br, zstd';
const requestHeaders: Record<string, string> = {
  accept: 'application/xml',
  ...(acceptEncoding !== '' && { 'accept-encoding': acceptEncoding }),
};

function cellPath(i: number): string {
  const { mcc, mnc, cellid } = syntheticCellId(i, count);
  return `/api/cell/${mcc}/${mnc}/${cellid}?${KEYS}`;
}

function randomCellPath(): string {
  return cellPath(Math.floor(Math.random() * count));
}

async function load(port: number, duration: number): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    headers: requestHeaders,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: randomCellPath() }) }],
  });
}

/** A short run first so that both servers are measured warm (JIT, SQLite page cache). */
async function measure(port: number): Promise<Result> {
  await load(port, 3);
  return load(port, seconds);
}

function row(name: string, result: Result): string {
  const problems = result.errors + result.timeouts + result.non2xx;
  return (
    `${name.padEnd(14)} ${Math.round(result.requests.average).toLocaleString('en').padStart(8)} req/s` +
    `   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms` +
    `   ${result.requests.total.toLocaleString('en')} requests${problems > 0 ? `, ${problems} failed or non-2xx` : ''}`
  );
}

const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
const load1 = (): string => loadavg()[0]?.toFixed(1) ?? '?';
console.log(`machine: ${cpus().length} cores, ${cpuModel}; node ${process.version}; load average ${load1()}`);

const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-service-'));
const file = join(dir, 'cells.db');
const generated = generateCells(file, count);
console.log(
  `generator: ${generated.rows.toLocaleString('en')} cells in ${generated.seconds.toFixed(2)} s, ` +
    `${Math.round(generated.rowsPerSecond).toLocaleString('en')} rows/s`,
);

const children: ChildProcess[] = [];
try {
  const service = startService(['--import', 'tsx', join('src', 'server', 'main.ts')], {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(servicePort),
    POSITIONING_DB: file,
    POSITIONING_DEMO: 'on',
    POSITIONING_SIMULATE_MS: '0',
    POSITIONING_RATE_LIMIT: '0',
    STATIC_DIR: join(dir, 'no-app'),
    NODE_ENV: 'production',
  });
  children.push(service);
  await waitFor(`http://127.0.0.1:${servicePort}/api/health`);

  const sample = await fetch(`http://127.0.0.1:${servicePort}${cellPath(0)}`, { headers: requestHeaders });
  const body = Buffer.from(await sample.arrayBuffer());
  if (sample.status !== 200) throw new Error(`the service answered ${sample.status}: ${body.toString()}`);
  const headers: Record<string, string> = {};
  sample.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name)) headers[name] = value;
  });
  console.log(
    `Cell read: ${body.length} bytes of ${headers['content-type'] ?? '?'}` +
      `${headers['content-encoding'] ? ` (${headers['content-encoding']})` : ''}; ` +
      `request headers ${JSON.stringify(requestHeaders)}`,
  );

  const serviceResult = await measure(servicePort);
  await stop(service);

  const bareSource = `
    const body = Buffer.from(${JSON.stringify(body.toString('base64'))}, 'base64');
    const headers = ${JSON.stringify(headers)};
    require('node:http')
      .createServer((req, res) => { res.writeHead(200, headers); res.end(body); })
      .listen(${barePort}, '127.0.0.1');
    process.on('SIGTERM', () => process.exit(0));`;
  const bare = startService(['-e', bareSource], { ...process.env, NODE_ENV: 'production' });
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}/`);
  const bareResult = await measure(barePort);

  console.log(
    `autocannon: ${connections} connections, ${seconds} s (after 3 s of warm-up), 127.0.0.1; load average now ${load1()}`,
  );
  console.log(row('service', serviceResult));
  console.log(row('bare node:http', bareResult));
  console.log(
    `ratio (service / bare req/s): ${(serviceResult.requests.average / bareResult.requests.average).toFixed(2)}` +
      `   goal ≥ 0.60 and service p99 < 20 ms`,
  );
} finally {
  await Promise.all(children.map(stop));
  rmSync(dir, { recursive: true, force: true });
}
