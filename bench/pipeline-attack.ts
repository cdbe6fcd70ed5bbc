/**
 * The pipelined attack on the built app's files (issue 31, item 1), against the built service on 127.0.0.1: first
 * short connections that each send a burst of pipelined GETs of the app's main script and hang up at the first
 * byte of an answer, then connections that send the same burst and never read. Prints the service's open
 * descriptors (/proc/PID/fd) and RSS before, during and after, and the latency of /api/health asked during it.
 * Bounded: a fixed number of connections, each phase a few seconds, a deadline that stops everything; the
 * service it started is stopped at the end.
 * Usage: npm run build && npm run bench:pipeline-attack
 *   (BENCH_SHORT=100 short connections, BENCH_STALLED=200 that never read, BENCH_DEPTH=20 requests in each burst)
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { machineLine, quantile, startBenchService, stop, type BenchServer } from './support';

const shortCount = Number(process.env.BENCH_SHORT ?? 100);
const stalledCount = Number(process.env.BENCH_STALLED ?? 200);
const depth = Number(process.env.BENCH_DEPTH ?? 20);
const HOLD_MS = 5_000;
const SETTLE_MS = 3_000;
const DEADLINE_MS = 90_000;

const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

interface Sample {
  fds: number;
  rssMb: number;
}

function sample(pid: number): Sample {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return {
    fds: readdirSync(`/proc/${pid}/fd`).length,
    rssMb: Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN) / 1024,
  };
}

const show = (what: string, at: Sample): void =>
  console.log(
    `${what.padEnd(34)} ${String(at.fds).padStart(6)} descriptors  ${at.rssMb.toFixed(0).padStart(5)} MB RSS`,
  );

/** The app's main script, as index.html names it. */
function mainScript(): string {
  const html = readFileSync(join('dist', 'index.html'), 'utf8');
  const path = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  if (path === undefined) throw new Error('dist/index.html names no /assets/index-….js');
  return path;
}

function burst(port: number, path: string): Promise<Socket> {
  const request = `GET ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n\r\n`;
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(request.repeat(depth));
      done(socket);
    });
    socket.on('error', () => undefined);
  });
}

/** Connections that send a burst and hang up as the first answer comes, `parallel` at a time. */
async function shortConnections(port: number, path: string, parallel = 10): Promise<void> {
  let left = shortCount;
  const one = async (): Promise<void> => {
    while (left > 0) {
      left--;
      const socket = await burst(port, path);
      await new Promise<void>((done) => {
        socket.once('data', () => socket.destroy());
        socket.once('close', () => done());
        setTimeout(() => socket.destroy(), 2_000).unref();
      });
    }
  };
  await Promise.all(Array.from({ length: parallel }, one));
}

/** /api/health on a fresh connection: its latency in ms, or Infinity when it did not answer within 5 s. */
function health(port: number): Promise<number> {
  const start = performance.now();
  return new Promise((done) => {
    const req = get({ host: '127.0.0.1', port, path: '/api/health', agent: false, timeout: 5_000 }, (res) => {
      res.resume();
      res.once('end', () => done(res.statusCode === 200 ? performance.now() - start : Infinity));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => done(Infinity));
  });
}

/** Asks /api/health every 100 ms until `until` settles; the latencies, sorted. */
async function probe(port: number, until: Promise<unknown>): Promise<number[]> {
  let running = true;
  void until.finally(() => (running = false));
  const times: number[] = [];
  while (running) {
    times.push(await health(port));
    await sleep(100);
  }
  return times.sort((a, b) => a - b);
}

const latency = (times: number[]): string =>
  `${times.length} asks, p50 ${quantile(times, 0.5).toFixed(1)} ms, max ${quantile(times, 1).toFixed(1)} ms` +
  `, ${times.filter((t) => t > 1000).length} over 1 s`;

async function stalled(port: number, path: string, service: number): Promise<Sample> {
  const sockets: Socket[] = [];
  for (let i = 0; i < stalledCount; i++) {
    const socket = await burst(port, path);
    socket.pause();
    sockets.push(socket);
  }
  await sleep(HOLD_MS);
  const held = sample(service);
  for (const socket of sockets) socket.destroy();
  return held;
}

async function attack(server: BenchServer, path: string): Promise<void> {
  const pid = server.child.pid ?? 0;
  const port = server.port;
  await health(port);
  show('before', sample(pid));
  const short = shortConnections(port, path);
  console.log(`/api/health during the short connections: ${latency(await probe(port, short))}`);
  show(`after ${shortCount} short connections`, sample(pid));
  const holding = stalled(port, path, pid);
  console.log(`/api/health during the stalled connections: ${latency(await probe(port, holding))}`);
  show(`${stalledCount} connections that never read`, await holding);
  await sleep(SETTLE_MS);
  show(`${SETTLE_MS / 1000} s after they hung up`, sample(pid));
}

if (!existsSync(join('dist', 'index.html')) || !existsSync(join('dist-server', 'main.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}
console.log(machineLine());
console.log(
  `attack: ${shortCount} short connections and ${stalledCount} that never read, each ${depth} pipelined GETs`,
);
const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-pipeline-'));
const server = await startBenchService({
  built: true,
  db: join(dir, 'demo.db'),
  env: { STATIC_DIR: join(process.cwd(), 'dist') },
});
const deadline = setTimeout(() => {
  console.error(`stopped: not done within ${DEADLINE_MS / 1000} s`);
  void stop(server.child).finally(() => process.exit(1));
}, DEADLINE_MS);
try {
  await attack(server, mainScript());
} finally {
  clearTimeout(deadline);
  await stop(server.child);
  rmSync(dir, { recursive: true, force: true });
}
