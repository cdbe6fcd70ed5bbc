/**
 * Where one rate limit across replicas should live: PostgreSQL (the store the replicas share already) or Redis,
 * measured per request as the service's guard charges it: the address's bucket taken with its failures peeked in
 * the same step, then the service key's bucket taken (two round trips). PostgreSQL runs the service's own code
 * (store/postgres/buckets.ts: one statement on an unlogged table, the server's clock); Redis a Lua script doing the
 * same refill on its clock (EVALSHA, node-redis on one connection, commands pipelined as it does). Both on
 * throwaway servers this bench starts on 127.0.0.1 (PostgreSQL with its durable settings, Redis with persistence
 * off: neither bucket store writes a log) and stops. Requests come 50 at a time from 1,000 addresses under one
 * service key (as bench:load's), at a rate nothing is refused. The stores take turns, several rounds each.
 * Printed per store: requests/s, p50 and p99 of a request's two charges in ms, and CPU µs per request of this
 * process (the service's event loop) and of the server (PostgreSQL: the postmaster and its backends; Redis: its
 * process). Reference from the same run: the limits kept in the process (SQLite's), CPU µs per request.
 * Usage: npm run bench:rate-limit-stores   (BENCH_INFLIGHT, BENCH_SECONDS, BENCH_ROUNDS, BENCH_PG_PORTS=N-M;
 * needs redis-server on PATH: Debian's redis-server package)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createClient } from 'redis';
import { startCluster } from '../scripts/pg-cluster';
import { RateLimiter } from '../src/server/platform/guard/rate-limit';
import { createBuckets } from '../src/server/store/postgres/buckets';
import { Database } from '../src/server/store/postgres/database';
import { migrate } from '../src/server/store/postgres/migrate';
import { createPool } from '../src/server/store/postgres/pool';
import type { BucketSpec } from '../src/server/store/shared-buckets';
import { clusterCpuMs, freePort, loadAverage, machineLine, pidCpuMs, quantile, stop } from './support';

const inflight = Number(process.env.BENCH_INFLIGHT ?? 50);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const rounds = Number(process.env.BENCH_ROUNDS ?? 3);
const ADDRESSES = 1_000;
/* Rates no request reaches: every charge is a whole charge, nothing refused. */
const RATE = { perSecond: 1e6, burst: 1e7 };

/** A request's charges, as limits.ts makes them: admit (address, failures peeked), then accepted (the key). */
type Charge = (take: BucketSpec, peek?: BucketSpec) => Promise<unknown>;
const request = async (charge: Charge, address: string): Promise<void> => {
  await charge({ name: `address ${address}`, ...RATE }, { name: `failures ${address}`, ...RATE });
  await charge({ name: 'key demo-service', ...RATE });
};

/* The bucket of store/postgres/buckets.ts in Lua: refilled on Redis's clock, a token taken when there is one. */
const CHARGE_LUA = `
local clock = redis.call('TIME')
local now = tonumber(clock[1]) + tonumber(clock[2]) / 1000000
local function refilled(key, rate, burst)
  local kept = redis.call('HMGET', key, 'tokens', 'at')
  if not kept[1] then return burst end
  return math.min(burst, tonumber(kept[1]) + (now - tonumber(kept[2])) * rate)
end
local rate, burst = tonumber(ARGV[1]), tonumber(ARGV[2])
local tokens = refilled(KEYS[1], rate, burst)
local taken = tokens >= 1
if taken then tokens = tokens - 1 end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('EXPIRE', KEYS[1], 3600)
local peeked = -1
if KEYS[2] then peeked = refilled(KEYS[2], tonumber(ARGV[3]), tonumber(ARGV[4])) end
return { taken and 1 or 0, tostring(tokens), tostring(peeked) }`;

interface Store {
  name: string;
  charge: Charge;
  /** CPU ms the server has used so far. */
  serverCpuMs(): number;
}

async function postgresStore(): Promise<{ store: Store; close(): Promise<void> }> {
  const ports = /^(\d+)-(\d+)$/.exec(process.env.BENCH_PG_PORTS ?? '');
  const cluster = await startCluster(
    ports === null
      ? {}
      : {
          ports: Array.from(
            { length: Number(ports[2]) - Number(ports[1]) + 1 },
            (_, i) => Number(ports[1]) + i,
          ),
        },
  );
  const pool = createPool(cluster.url, { size: 10 });
  await migrate(pool).catch(async (error: unknown) => {
    await pool.end();
    cluster.stop();
    throw error;
  });
  const buckets = createBuckets(new Database(pool));
  return {
    store: { name: 'PostgreSQL', charge: buckets.charge, serverCpuMs: () => clusterCpuMs(cluster.dir) },
    async close() {
      await pool.end();
      cluster.stop();
    },
  };
}

async function redisStore(): Promise<{ store: Store; close(): Promise<void> }> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  // Until the server listens; a client whose first connect failed is dropped, not connected again.
  let client: ReturnType<typeof createClient> | undefined;
  for (let tries = 0; client === undefined; tries++) {
    const trying = createClient({ url: `redis://127.0.0.1:${port}`, socket: { reconnectStrategy: false } });
    trying.on('error', () => undefined);
    try {
      client = await trying.connect();
    } catch (error) {
      if (tries > 50) {
        await stop(server);
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const sha = await client.scriptLoad(CHARGE_LUA);
  const charge: Charge = (take, peek) =>
    client.evalSha(sha, {
      keys: peek === undefined ? [take.name] : [take.name, peek.name],
      arguments: [take.perSecond, take.burst, peek?.perSecond ?? 0, peek?.burst ?? 0].map(String),
    });
  return {
    store: { name: 'Redis', charge, serverCpuMs: () => pidCpuMs(server.pid ?? 0) },
    async close() {
      client.destroy();
      await stop(server);
    },
  };
}

interface Round {
  requests: number;
  seconds: number;
  latencies: number[];
  cpuMs: number;
  serverCpuMs: number;
}

async function measure(store: Store): Promise<Round> {
  const latencies: number[] = [];
  const started = performance.now();
  const cpu = process.cpuUsage();
  const server = store.serverCpuMs();
  const until = started + seconds * 1000;
  let n = 0;
  await Promise.all(
    Array.from({ length: inflight }, async () => {
      while (performance.now() < until) {
        const at = performance.now();
        await request(store.charge, `10.0.${n % 4}.${(n++ * 7919) % ADDRESSES}`);
        latencies.push(performance.now() - at);
      }
    }),
  );
  const used = process.cpuUsage(cpu);
  return {
    requests: latencies.length,
    seconds: (performance.now() - started) / 1000,
    latencies,
    cpuMs: (used.user + used.system) / 1000,
    serverCpuMs: store.serverCpuMs() - server,
  };
}

/** The limits kept in this process (SQLite's service): CPU µs per request of the same three buckets. */
function inProcessMicros(): number {
  const limiter = new RateLimiter(RATE);
  const count = 1_000_000;
  const cpu = process.cpuUsage();
  for (let i = 0; i < count; i++) {
    const address = `10.0.${i % 4}.${(i * 7919) % ADDRESSES}`;
    limiter.take(`address ${address}`);
    limiter.peek(`failures ${address}`);
    limiter.take('key demo-service');
  }
  const used = process.cpuUsage(cpu);
  return (used.user + used.system) / count;
}

const fixed = (n: number, digits = 1): string => n.toFixed(digits);

async function main(): Promise<void> {
  if (spawnSync('redis-server', ['--version']).status !== 0) {
    throw new Error('redis-server is not on PATH: apt-get install redis-server');
  }
  console.log(machineLine());
  console.log(`${inflight} requests in flight, ${seconds} s a round, ${rounds} rounds a store, in turns`);
  const opened: Array<Awaited<ReturnType<typeof postgresStore>>> = [];
  const measured: Record<string, Round[]> = {};
  try {
    // Each started inside the try: whatever fails, what was started is stopped.
    opened.push(await postgresStore());
    opened.push(await redisStore());
    for (const { store } of opened) await measure({ ...store }); // warm: connections, plans, the script
    for (let round = 0; round < rounds; round++) {
      for (const { store } of opened) (measured[store.name] ??= []).push(await measure(store));
    }
  } finally {
    for (const { close } of opened) await close();
  }
  console.log(`load average after: ${loadAverage()}`);
  console.log('store        requests/s   p50 ms   p99 ms   this process µs/req   server µs/req');
  for (const [name, list] of Object.entries(measured)) {
    const requests = list.reduce((sum, r) => sum + r.requests, 0);
    const secs = list.reduce((sum, r) => sum + r.seconds, 0);
    const latencies = list.flatMap((r) => r.latencies).sort((a, b) => a - b);
    const cpu = list.reduce((sum, r) => sum + r.cpuMs, 0);
    const server = list.reduce((sum, r) => sum + r.serverCpuMs, 0);
    console.log(
      `${name.padEnd(12)} ${fixed(requests / secs, 0).padStart(10)}   ${fixed(quantile(latencies, 0.5), 2).padStart(6)}   ` +
        `${fixed(quantile(latencies, 0.99), 2).padStart(6)}   ${fixed((cpu * 1000) / requests).padStart(19)}   ` +
        `${fixed((server * 1000) / requests).padStart(13)}`,
    );
  }
  console.log(`in process (reference: SQLite's limits, one replica): ${fixed(inProcessMicros(), 2)} µs/req`);
}

await main();
