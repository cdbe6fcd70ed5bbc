/**
 * Load on the demo service: 50 connections for 30 s against the Cell read and the Location read (rate limiting
 * off, simulator off, a fresh temporary database, access log written to a file as in real use), then the same
 * load against a bare node:http server that answers the same bytes with the same headers. Prints requests/s,
 * p50/p99, errors and non-2xx, the service's resident memory before and after, and the ratio service / bare.
 * Usage: npm run bench:load [-- --seconds 10 --connections 50]   (loopback only)
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { waitFor } from './support';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '30' },
    connections: { type: 'string', default: '50' },
    port: { type: 'string', default: '5321' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const servicePort = Number(values.port);
const barePort = servicePort + 1;
if (![seconds, connections, servicePort].every((n) => Number.isInteger(n) && n > 0) || seconds > 600) {
  throw new Error('--seconds (1–600), --connections and --port must be whole numbers');
}
const WARM_UP_SECONDS = 3;
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const READS = [
  { name: 'Cell read', path: `/api/cell/244/91/10038?${KEYS}` },
  { name: 'Location read', path: `/api/location?${KEYS}` },
] as const;

function start(args: string[], env: NodeJS.ProcessEnv, stdout: 'ignore' | number = 'ignore'): ChildProcess {
  return spawn(process.execPath, args, { env, stdio: ['ignore', stdout, 'inherit'] });
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

function load(port: number, path: string, duration: number): Promise<Result> {
  return autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration });
}

async function measure(port: number, path: string): Promise<Result> {
  await load(port, path, WARM_UP_SECONDS);
  return load(port, path, seconds);
}

function row(name: string, result: Result): string {
  return (
    `  ${name.padEnd(15)} ${Math.round(result.requests.average).toLocaleString('en').padStart(7)} req/s` +
    `   p50 ${String(result.latency.p50).padStart(3)} ms   p99 ${String(result.latency.p99).padStart(3)} ms` +
    `   errors ${result.errors + result.timeouts}   non-2xx ${result.non2xx}` +
    `   (${result.requests.total.toLocaleString('en')} requests)`
  );
}

async function sample(path: string): Promise<{ body: Buffer; headers: Record<string, string> }> {
  const res = await fetch(`http://127.0.0.1:${servicePort}${path}`);
  const body = Buffer.from(await res.arrayBuffer());
  if (res.status !== 200) throw new Error(`the service answered ${res.status}: ${body.toString()}`);
  const headers: Record<string, string> = {};
  res.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'transfer-encoding', 'content-length'].includes(name)) {
      headers[name] = value;
    }
  });
  return { body, headers };
}

const cpuModel = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
const load1 = (): string => loadavg()[0]?.toFixed(1) ?? '?';
console.log(`machine: ${cpus().length} cores, ${cpuModel}; node ${process.version}; load average ${load1()}`);
console.log(
  `autocannon: ${connections} connections, ${seconds} s per run after ${WARM_UP_SECONDS} s of warm-up, 127.0.0.1`,
);

const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-load-'));
const logFile = join(dir, 'access.log');
const children: ChildProcess[] = [];
try {
  const service = start(
    ['--import', 'tsx', join('src', 'server', 'main.ts')],
    {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(servicePort),
      POSITIONING_DB: join(dir, 'positioning.db'),
      POSITIONING_DEMO: 'on',
      POSITIONING_SIMULATE_MS: '0',
      POSITIONING_RATE_LIMIT: '0',
      STATIC_DIR: join(dir, 'no-app'),
      NODE_ENV: 'production',
    },
    openSync(logFile, 'a'),
  );
  children.push(service);
  await waitFor(`http://127.0.0.1:${servicePort}/api/health`);
  const answers = await Promise.all(READS.map((read) => sample(read.path)));

  const results: Array<{ service: Result; bare?: Result; rssBefore: number; rssAfter: number }> = [];
  for (const read of READS) {
    await load(servicePort, read.path, WARM_UP_SECONDS);
    const rssBefore = rssMb(service);
    const result = await load(servicePort, read.path, seconds);
    results.push({ service: result, rssBefore, rssAfter: rssMb(service) });
  }
  await stop(service);

  const bareSource = `
    const answers = ${JSON.stringify(
      Object.fromEntries(
        READS.map((read, i) => [
          read.path,
          { body: answers[i]?.body.toString('base64'), headers: answers[i]?.headers },
        ]),
      ),
    )};
    for (const a of Object.values(answers)) a.body = Buffer.from(a.body, 'base64');
    require('node:http')
      .createServer((req, res) => {
        const a = answers[req.url];
        if (!a) { res.writeHead(404); return res.end(); }
        res.writeHead(200, a.headers);
        res.end(a.body);
      })
      .listen(${barePort}, '127.0.0.1');
    process.on('SIGTERM', () => process.exit(0));`;
  const bare = start(['-e', bareSource], { ...process.env, NODE_ENV: 'production' });
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}${READS[0].path}`);
  for (const [i, read] of READS.entries()) {
    const entry = results[i];
    if (entry !== undefined) entry.bare = await measure(barePort, read.path);
  }

  let ok = true;
  for (const [i, read] of READS.entries()) {
    const entry = results[i];
    const answer = answers[i];
    if (entry?.bare === undefined || answer === undefined) continue;
    const ratio = entry.service.requests.average / entry.bare.requests.average;
    const failures = entry.service.errors + entry.service.timeouts + entry.service.non2xx;
    ok &&= failures === 0 && ratio >= 0.6;
    console.log(`${read.name}: ${answer.body.length} bytes of ${answer.headers['content-type'] ?? '?'}`);
    console.log(row('service', entry.service));
    console.log(row('bare node:http', entry.bare));
    console.log(
      `  ratio ${ratio.toFixed(2)} (goal ≥ 0.60)   service RSS ${entry.rssBefore.toFixed(1)} MB before, ` +
        `${entry.rssAfter.toFixed(1)} MB after`,
    );
  }
  console.log(
    `access log: ${(statSync(logFile).size / 1024 / 1024).toFixed(1)} MB written; load average now ${load1()}`,
  );
  if (!ok) process.exitCode = 1;
} finally {
  await Promise.all(children.map(stop));
  rmSync(dir, { recursive: true, force: true });
}
