// The load generator where wrk is missing: autocannon in a process of its own (never the bench's or a server's),
// its connections spread over worker threads. Run by bench/support.ts runLoad(); prints one line of JSON.
//   node bench/autocannon-run.mjs '{"url":…,"connections":50,"seconds":10,"workers":2,"headers":{…}}'
// With BENCH_PATHS naming a file of paths, each request asks for one of them at random (bench/random-path.cjs).
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const spec = JSON.parse(process.argv[2] ?? '{}');
const randomPaths = process.env.BENCH_PATHS !== undefined && process.env.BENCH_PATHS !== '';
// This process's CPU over the run, its worker threads included (not Node's start and the imports before it).
const before = process.cpuUsage();
const result = await autocannon({
  url: spec.url,
  connections: spec.connections,
  duration: spec.seconds,
  workers: spec.workers,
  headers: spec.headers,
  ...(randomPaths && {
    requests: [{ method: 'GET', setupRequest: fileURLToPath(new URL('random-path.cjs', import.meta.url)) }],
  }),
});
const cpu = process.cpuUsage(before);
process.stdout.write(
  `${JSON.stringify({
    cpuMs: (cpu.user + cpu.system) / 1000,
    requests: result.requests.total,
    seconds: result.duration,
    socketErrors: result.errors, // timeouts included
    non2xx: result.non2xx,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  })}\n`,
);
