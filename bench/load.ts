/**
 * Load on the demo service: 50 connections for 30 s against the Cell read and the Location read (rate limiting
 * off, simulator off, a fresh temporary database, access log written to a file as in real use), then the same
 * load against a bare node:http server that answers the same bytes with the same headers. Prints requests/s,
 * p50/p99, errors and non-2xx, each server's CPU time per request (the load generator shares the cores, so this
 * says what each costs whatever else runs), the service's resident memory before and after, and the ratio
 * service / bare.
 * Usage: npm run bench:load [-- --seconds 10 --connections 50]   (loopback only)
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync, rmSync, statSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon, { type Result } from 'autocannon';
import { startService, stop, waitFor } from './support';

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
/* Issue 13, mark 3: the service at half of a bare node:http server or better, p99 under 15 ms, no errors. */
const GOAL_RATIO = 0.5;
const GOAL_P99_MS = 15;
const KEYS = 'serviceKey=demo-service&userKey=demo-user';
const READS = [
  { name: 'Cell read', path: `/api/cell/244/91/10038?${KEYS}` },
  { name: 'Location read', path: `/api/location?${KEYS}` },
] as const;

function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN);
  return kb / 1024;
}

/** CPU time the process has used so far (user + system), in ms, from /proc: clock ticks of 10 ms. */
function cpuMs(child: ChildProcess): number {
  const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** One slice of load, with the CPU time the server used for it. */
async function measured(child: ChildProcess, port: number, path: string, duration: number): Promise<Result> {
  const before = cpuMs(child);
  const result = await load(port, path, duration);
  cpuSpent.set(result, cpuMs(child) - before);
  return result;
}
const cpuSpent = new WeakMap<Result, number>();

function load(port: number, path: string, duration: number): Promise<Result> {
  return autocannon({ url: `http://127.0.0.1:${port}${path}`, connections, duration });
}

interface Summary {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  failures: number;
  total: number;
  /** Server CPU time per request, in µs: what the figure would be on cores of its own. */
  cpuUs: number;
}

/** Requests/s over all slices; p50 the median of the slices' medians, p99 the worst slice's. */
function summarize(results: Result[]): Summary {
  const total = results.reduce((n, r) => n + r.requests.total, 0);
  const seconds = results.reduce((n, r) => n + r.duration, 0);
  const p50s = results.map((r) => r.latency.p50).sort((a, b) => a - b);
  const errors = results.reduce((n, r) => n + r.errors + r.timeouts, 0);
  const non2xx = results.reduce((n, r) => n + r.non2xx, 0);
  return {
    rps: total / seconds,
    p50: p50s[Math.floor(p50s.length / 2)] ?? NaN,
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors,
    non2xx,
    failures: errors + non2xx,
    total,
    cpuUs: (results.reduce((n, r) => n + (cpuSpent.get(r) ?? NaN), 0) * 1000) / total,
  };
}

function row(name: string, s: Summary): string {
  return (
    `  ${name.padEnd(15)} ${Math.round(s.rps).toLocaleString('en').padStart(7)} req/s` +
    `   p50 ${String(s.p50).padStart(3)} ms   p99 ${String(s.p99).padStart(3)} ms` +
    `   errors ${s.errors}   non-2xx ${s.non2xx}   CPU ${s.cpuUs.toFixed(1)} µs/request` +
    `   (${s.total.toLocaleString('en')} requests)`
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
  `autocannon: ${connections} connections, ${seconds} s per server and read, in turns of about a third, after ${WARM_UP_SECONDS} s of warm-up, 127.0.0.1`,
);

const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-load-'));
const logFile = join(dir, 'access.log');
const children: ChildProcess[] = [];
try {
  const service = startService(
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
  const bare = startService(['-e', bareSource], { ...process.env, NODE_ENV: 'production' });
  children.push(bare);
  await waitFor(`http://127.0.0.1:${barePort}${READS[0].path}`);

  /* The two servers take turns in slices, so that a change in the machine's load (other work on it) falls on
     both alike; each figure sums or spans its slices. */
  const slices = Math.min(3, seconds);
  const sliceSeconds = Math.max(1, Math.round(seconds / slices));
  let ok = true;
  for (const read of READS) {
    await load(servicePort, read.path, WARM_UP_SECONDS);
    await load(barePort, read.path, WARM_UP_SECONDS);
    const rssBefore = rssMb(service);
    const runs: { service: Result[]; bare: Result[] } = { service: [], bare: [] };
    for (let i = 0; i < slices; i++) {
      runs.service.push(await measured(service, servicePort, read.path, sliceSeconds));
      runs.bare.push(await measured(bare, barePort, read.path, sliceSeconds));
    }
    const rssAfter = rssMb(service);
    const serviceSum = summarize(runs.service);
    const bareSum = summarize(runs.bare);
    const ratio = serviceSum.rps / bareSum.rps;
    ok &&= serviceSum.failures === 0 && ratio >= GOAL_RATIO && serviceSum.p99 < GOAL_P99_MS;
    const answer = answers[READS.indexOf(read)];
    console.log(
      `${read.name}: ${answer?.body.length ?? '?'} bytes of ${answer?.headers['content-type'] ?? '?'}`,
    );
    console.log(row('service', serviceSum));
    console.log(row('bare node:http', bareSum));
    console.log(
      `  ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL_RATIO.toFixed(2)}; p99 goal < ${GOAL_P99_MS} ms)` +
        `   CPU per request bare / service ${(bareSum.cpuUs / serviceSum.cpuUs).toFixed(2)}` +
        `   service RSS ${rssBefore.toFixed(1)} MB before, ` +
        `${rssAfter.toFixed(1)} MB after`,
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
