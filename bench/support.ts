/**
 * What the benches share: the service and a bare reference server started and stopped, the load generator in a
 * process of its own, waiting for a server, small stats. The page benches' own helpers are in bench/browser.ts.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { parseArgs } from 'node:util';

export function listen(server: Server, port = 0): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
}

/* 256 px, as OpenStreetMap serves its tiles (BENCH_TILE_PX=512 stands in for a server with @2x tiles). */
export async function waitFor(url: string, timeoutMs = 60_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

/** The value below which a share `q` (0–1) of the sorted samples lie (nearest rank). */
export function quantile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** One line on the machine the figures come from. */
export function machineLine(): string {
  const model = /model name\s*:\s*(.+)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  return `machine: ${cpus().length} cores, ${model}; node ${process.version}; load average ${loadAverage()}`;
}

export const loadAverage = (): string => loadavg()[0]?.toFixed(1) ?? '?';

/** A port free on 127.0.0.1 right now, for a server about to start. */
export async function freePort(): Promise<number> {
  const server = createServer();
  const port = await listen(server);
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface BenchServer {
  child: ChildProcess;
  port: number;
  origin: string;
  stop(): Promise<void>;
}

export interface ServiceOptions {
  /** The database file; the service's STATIC_DIR is a folder beside it that does not exist (no app). */
  db: string;
  /** Default: a free port. */
  port?: number;
  /** The built dist-server/main.js instead of src/server/main.ts through tsx. */
  built?: boolean;
  /** A file for the access log (the service's stdout), as in real use; default: discarded. */
  logFile?: string;
  /** More settings, e.g. POSITIONING_DEMO. */
  env?: Record<string, string>;
  /** Node's own options before the entry, e.g. `--cpu-prof` (which NODE_OPTIONS does not take). */
  nodeArgs?: string[];
}

/** The service as the load benches run it: 127.0.0.1, production, the simulator and the rate limit off. */
export async function startBenchService(options: ServiceOptions): Promise<BenchServer> {
  const port = options.port ?? (await freePort());
  const entry = [
    ...(options.nodeArgs ?? []),
    ...(options.built
      ? [join('dist-server', 'main.js')]
      : ['--import', 'tsx', join('src', 'server', 'main.ts')]),
  ];
  const env = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: String(port),
    POSITIONING_DB: options.db,
    POSITIONING_SIMULATE_MS: '0',
    POSITIONING_RATE_LIMIT: '0',
    STATIC_DIR: join(options.db, '..', 'no-app'),
    NODE_ENV: 'production',
    ...options.env,
  };
  const stdout = options.logFile === undefined ? 'ignore' : openSync(options.logFile, 'a');
  return started(
    spawn(process.execPath, entry, { env, stdio: ['ignore', stdout, 'inherit'] }),
    port,
    '/api/health',
  );
}

/** An answer as it came over the wire: status, headers (all but Date, in order and case), body. */
export interface Answer {
  status: number;
  headers: string[];
  body: Buffer;
}

/**
 * Asks `origin` for `path` as the load generator will (HTTP/1.1, the connection kept open) and keeps the answer
 * byte for byte.
 */
export function captureAnswer(
  origin: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const agent = new Agent({ keepAlive: true });
  return new Promise<Answer>((resolve, reject) => {
    const req = request(`${origin}${path}`, { headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = res.rawHeaders;
        const kept = raw.flatMap((v, i) =>
          i % 2 === 1 || v.toLowerCase() === 'date' ? [] : [v, raw[i + 1] ?? ''],
        );
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  }).finally(() => agent.destroy());
}

/** The value of an answer's header, by name in any case. */
export function headerOf(answer: Answer, name: string): string | undefined {
  const at = answer.headers.findIndex((v, i) => i % 2 === 0 && v.toLowerCase() === name);
  return at < 0 ? undefined : answer.headers[at + 1];
}

/** Whether two answers are the same bytes but for the Date header's value and place. */
export function sameAnswer(a: Answer, b: Answer): boolean {
  return a.status === b.status && a.body.equals(b.body) && a.headers.join('\n') === b.headers.join('\n');
}

/**
 * The reference: a bare node:http server (bench/bare-server.mjs) in a process of its own, answering each URL
 * with its answer verbatim (the one under "*" for any URL). `dir` holds the answers' file.
 */
export async function startBare(answers: Record<string, Answer>, dir: string): Promise<BenchServer> {
  const port = await freePort();
  const file = join(dir, `bare-answers-${port}.json`);
  const json = Object.fromEntries(
    Object.entries(answers).map(([url, a]) => [url, { ...a, body: a.body.toString('base64') }]),
  );
  writeFileSync(file, JSON.stringify(json));
  const child = spawn(process.execPath, [join('bench', 'bare-server.mjs'), String(port), file], {
    env: { ...process.env, NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return started(child, port, Object.keys(answers).find((url) => url !== '*') ?? '/');
}

async function started(child: ChildProcess, port: number, probe: string): Promise<BenchServer> {
  const origin = `http://127.0.0.1:${port}`;
  const server = { child, port, origin, stop: () => stop(child) };
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`${child.spawnargs.join(' ')} exited with ${code}`))),
  );
  exited.catch(() => undefined);
  try {
    await Promise.race([waitFor(origin + probe), exited]);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return server;
}

/** Stops a process started by a bench and waits for it to exit. */
export function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

let ticks: number | undefined;
/** CPU time from /proc/…/stat fields (user + system), in ms. */
function statMs(pid: number | 'self', fields: [number, number]): number {
  ticks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' })) || 100;
  const values = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /s, '')
    .split(' ');
  return ((Number(values[fields[0]]) + Number(values[fields[1]])) * 1000) / ticks;
}

/** CPU time a process has used so far, all its threads, user + system, in ms (Linux). */
export const cpuMs = (child: ChildProcess): number => statMs(child.pid ?? 0, [11, 12]);

/** The same for a process by its id; 0 when it is gone. */
export function pidCpuMs(pid: number): number {
  try {
    return statMs(pid, [11, 12]);
  } catch {
    return 0;
  }
}

/** CPU time a PostgreSQL cluster (scripts/pg-cluster.ts) has used so far: its postmaster and its children. */
export function clusterCpuMs(clusterDir: string): number {
  const postmaster = Number(readFileSync(join(clusterDir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = pidCpuMs(postmaster);
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const ppid = Number(
        readFileSync(`/proc/${name}/stat`, 'utf8')
          .replace(/^.*\) /s, '')
          .split(' ')[1],
      );
      if (ppid === postmaster) total += pidCpuMs(Number(name));
    } catch {
      // gone since the folder was read
    }
  }
  return total;
}

/** CPU time of this process's children that have exited (and been waited for), in ms. */
const exitedChildrenCpuMs = (): number => statMs('self', [13, 14]);

export function rssMb(child: ChildProcess): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1] ?? NaN) / 1024;
}

export interface LoadSpec {
  origin: string;
  /** One path, asked for every time; or many, each request one of them at random. */
  paths: readonly string[];
  headers?: Record<string, string>;
  connections: number;
  seconds: number;
}

export interface LoadRun {
  requests: number;
  seconds: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Connect, read and write errors and timeouts. */
  socketErrors: number;
  /** Answers that were not 2xx (wrk: status 400 and above). */
  httpErrors: number;
  /** The generator's own CPU time over the run (all its threads), in ms. */
  generatorCpuMs: number;
}

const onPath = (name: string): boolean =>
  (process.env.PATH ?? '').split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));
/** The generator's threads (wrk) or worker threads (autocannon): one a core. */
export const GENERATOR_THREADS = Math.max(1, cpus().length);
const threads = GENERATOR_THREADS;
const useWrk = process.env.BENCH_GENERATOR !== 'autocannon' && onPath('wrk');

/** Which load generator runLoad() starts: wrk when it is on PATH (BENCH_GENERATOR=autocannon to choose). */
export const generatorName = useWrk
  ? `wrk (${threads} threads, a process of its own)`
  : `autocannon (${threads} worker threads, a process of its own; wrk is not on PATH or BENCH_GENERATOR=autocannon)`;

/** Load from a generator in a process of its own, for `seconds`; resolves when it has exited. */
export async function runLoad(spec: LoadSpec): Promise<LoadRun> {
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-paths-'));
  const pathsFile = join(dir, 'paths.txt');
  const many = spec.paths.length > 1;
  if (many) writeFileSync(pathsFile, spec.paths.join('\n'));
  const env = { ...process.env, BENCH_PATHS: many ? pathsFile : '' };
  const url = spec.origin + (spec.paths[0] ?? '/');
  const before = exitedChildrenCpuMs();
  const out = useWrk
    ? await output(
        'wrk',
        [
          // wrk refuses fewer connections than threads (one connection of health checks beside a load).
          `-t${Math.min(threads, spec.connections)}`,
          `-c${spec.connections}`,
          `-d${spec.seconds}s`,
          '-s',
          join('bench', 'wrk-report.lua'),
          ...Object.entries(spec.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]),
          url,
        ],
        env,
      )
    : await output(
        process.execPath,
        [
          join('bench', 'autocannon-run.mjs'),
          JSON.stringify({
            url,
            connections: spec.connections,
            seconds: spec.seconds,
            workers: threads,
            headers: spec.headers,
          }),
        ],
        env,
      );
  const generatorCpuMs = exitedChildrenCpuMs() - before;
  rmSync(dir, { recursive: true, force: true });
  const line = out.trim().split('\n').at(-1) ?? '';
  return useWrk
    ? fromWrk(JSON.parse(line), generatorCpuMs)
    : fromAutocannon(JSON.parse(line), generatorCpuMs);
}

function fromWrk(r: Record<string, number>, generatorCpuMs: number): LoadRun {
  const n = (name: string): number => r[name] ?? NaN;
  const seconds = n('durationUs') / 1e6;
  return {
    requests: n('requests'),
    seconds,
    rps: n('requests') / seconds,
    p50Ms: n('p50Us') / 1000,
    p99Ms: n('p99Us') / 1000,
    socketErrors: n('connect') + n('read') + n('write') + n('timeout'),
    httpErrors: n('status'),
    generatorCpuMs,
  };
}

function fromAutocannon(r: Record<string, number>, generatorCpuMs: number): LoadRun {
  const n = (name: string): number => r[name] ?? NaN;
  return {
    requests: n('requests'),
    seconds: n('seconds'),
    rps: n('requests') / n('seconds'),
    p50Ms: n('p50Ms'),
    p99Ms: n('p99Ms'),
    socketErrors: n('socketErrors'),
    httpErrors: n('non2xx'),
    // Its own count over the run, without Node's start: a short run would otherwise seem costly.
    generatorCpuMs: r.cpuMs ?? generatorCpuMs,
  };
}

function output(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${command} exited with ${code}: ${out.slice(-500)}`)),
    );
  });
}

/** How a load bench runs: for how long, with how many connections, in how many turns (slices of `sliceSeconds`). */
export interface LoadOptions {
  seconds: number;
  connections: number;
  turns: number;
  sliceSeconds: number;
}

/**
 * A load bench's options from its command line: `--seconds` (1–600, `seconds` unless given), `--connections` (50)
 * and `--turns` (2), whole numbers. `--help` prints the usage; a wrong or unknown option, one line and exit 2.
 */
export function loadOptions(script: string, seconds: number): LoadOptions {
  const usage = `usage: npm run ${script} [-- --seconds ${seconds} --connections 50 --turns 2]`;
  function refuse(message: string): never {
    console.error(`${script}: ${message}\n${usage}`);
    process.exit(2);
  }
  let values: Record<string, string | boolean | undefined> = {};
  try {
    ({ values } = parseArgs({
      options: {
        seconds: { type: 'string', default: String(seconds) },
        connections: { type: 'string', default: '50' },
        turns: { type: 'string', default: '2' },
        help: { type: 'boolean', default: false },
      },
    }));
  } catch (error) {
    refuse((error as Error).message);
  }
  if (values.help === true) {
    console.log(usage);
    process.exit(0);
  }
  const options = {
    seconds: Number(values.seconds),
    connections: Number(values.connections),
    turns: Number(values.turns),
  };
  if (!Object.values(options).every((n) => Number.isInteger(n) && n > 0) || options.seconds > 600)
    refuse('--seconds (1–600), --connections and --turns must be whole numbers');
  return { ...options, sliceSeconds: Math.max(1, Math.round(options.seconds / options.turns)) };
}

/** How many random paths a run with random paths picks from (each request one of them). */
export const RANDOM_PATHS = 20_000;

export const randomPaths = (make: () => string): string[] => Array.from({ length: RANDOM_PATHS }, make);

/** A run in one line: requests/s, p50/p99, and its errors when there are any. */
export function describeRun(run: LoadRun): string {
  const failed = run.socketErrors + run.httpErrors;
  return (
    `${Math.round(run.rps).toLocaleString('en').padStart(7)} req/s   p50 ${run.p50Ms.toFixed(2)} ms   ` +
    `p99 ${run.p99Ms.toFixed(2)} ms` +
    (failed > 0 ? `   errors ${run.socketErrors} socket, ${run.httpErrors} non-2xx` : '')
  );
}
