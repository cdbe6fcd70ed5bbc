/**
 * Load in slices, shared by the load benches that set the service beside a bare server (bench/load.ts,
 * bench/service.ts): one slice of load, with the server's CPU time for it from /proc; slices summed up; one line
 * for a summary.
 */
import { cpuMs, loadAverage, runLoad, type BenchServer, type LoadRun } from './support';

export interface Slice extends LoadRun {
  serverCpuMs: number;
  /** The machine's load average (1 min) when the slice ended. */
  load: string;
}

/** One slice of load on `paths` (each request one of them at random when many), with the server's CPU time. */
export async function slice(
  server: BenchServer,
  paths: readonly string[],
  spec: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<Slice> {
  const before = cpuMs(server.child);
  const run = await runLoad({ origin: server.origin, paths, ...spec });
  return { ...run, serverCpuMs: cpuMs(server.child) - before, load: loadAverage() };
}

export interface Summary {
  rps: number;
  p50: number;
  p99: number;
  socketErrors: number;
  httpErrors: number;
  requests: number;
  serverUs: number;
  generatorUs: number;
  /** Cores' worth of CPU the generator used while it ran. */
  generatorCores: number;
}

/** Requests/s over all slices; p50 the median of the slices' medians, p99 the worst slice's. */
export function summarize(slices: Slice[]): Summary {
  const sum = (f: (s: Slice) => number): number => slices.reduce((n, s) => n + f(s), 0);
  const requests = sum((s) => s.requests);
  const p50s = slices.map((s) => s.p50Ms).sort((a, b) => a - b);
  return {
    rps: requests / sum((s) => s.seconds),
    p50: p50s[Math.floor(p50s.length / 2)] ?? NaN,
    p99: Math.max(...slices.map((s) => s.p99Ms)),
    socketErrors: sum((s) => s.socketErrors),
    httpErrors: sum((s) => s.httpErrors),
    requests,
    serverUs: (sum((s) => s.serverCpuMs) * 1000) / requests,
    generatorUs: (sum((s) => s.generatorCpuMs) * 1000) / requests,
    generatorCores: sum((s) => s.generatorCpuMs) / 1000 / sum((s) => s.seconds),
  };
}

const ms = (v: number): string => v.toFixed(v < 10 ? 2 : 1).padStart(5);

export function row(name: string, s: Summary): string {
  return (
    `  ${name.padEnd(15)} ${Math.round(s.rps).toLocaleString('en').padStart(7)} req/s` +
    `   p50 ${ms(s.p50)} ms   p99 ${ms(s.p99)} ms   errors ${s.socketErrors} socket, ${s.httpErrors} non-2xx` +
    `   CPU/request: server ${s.serverUs.toFixed(1)} µs, generator ${s.generatorUs.toFixed(1)} µs` +
    ` (${s.generatorCores.toFixed(2)} cores)   ${s.requests.toLocaleString('en')} requests`
  );
}
