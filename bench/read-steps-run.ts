/**
 * The measuring half of bench:read-steps (bench/read-steps.ts builds it as the service is built, then runs it).
 */
import { mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { parseArgs } from 'node:util';
import { Hono, type Context } from 'hono';
import { encodeCell, encodeLocation } from '../src/api/codec';
import { createApp } from '../src/server/app';
import { DEMO_KEYS, openDemoStore } from '../src/server/admin/demo-data';
import { clientAddress } from '../src/server/platform/guard/client-address';
import { storeKeys } from '../src/server/platform/guard/key-check';
import { keyParams } from '../src/server/platform/guard/key-params';
import { createLimits } from '../src/server/platform/guard/limits';
import { reply } from '../src/server/platform/http/api-answer';
import { createListener } from '../src/server/platform/http/listener';
import { createLogWriter } from '../src/server/platform/http/log-writer';
import { CheckedFields } from '../src/server/platform/http/plain-headers';
import { cellRequest, type CellRequest } from '../src/server/cells/cell-request';
import { createCellRead } from '../src/server/cells/cell-read';
import { createLocationRead, toCell } from '../src/server/location/location-read';
import { createCellSources } from '../src/server/cells/sources/cell-sources';
import { FreshCache } from '../src/server/platform/cache/fresh-cache';
import type { User } from '../src/server/store/records';
import { machineLine } from './support';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const RUN_LABEL = process.env.READ_STEPS_CODE ?? 'from the sources';
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds must be a whole number');

const KEYS = `serviceKey=${DEMO_KEYS.serviceKey}&userKey=${DEMO_KEYS.userKey}`;
const CELL_PATH = `/api/cell/244/91/10038?${KEYS}`;
const LOCATION_PATH = `/api/location?${KEYS}`;
const RATE = { perSecond: 1_000_000, burst: 2_000_000 };

const cpuUs = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};
const median = (list: number[]): number =>
  [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)] ?? NaN;

/** CPU µs a call of `step`, the median of the rounds, each of `calls` calls after as many to warm up. */
function timed(step: () => unknown, calls = 100_000): number {
  let sink: unknown;
  for (let i = 0; i < calls; i++) sink = step();
  const each: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = cpuUs();
    for (let i = 0; i < calls; i++) sink = step();
    each.push((cpuUs() - started) / calls);
  }
  return sink === Symbol.for('never') ? NaN : median(each);
}

/** A socket that takes whatever is written and forgets it. */
class SocketStandIn extends Duplex {
  readonly remoteAddress = '127.0.0.1';
  override _read(): void {}
  override _write(_chunk: Buffer, _encoding: string, done: () => void): void {
    done();
  }
  override _writev(_chunks: unknown[], done: () => void): void {
    done();
  }
}
const socket = new SocketStandIn();

/** One GET as node's HTTP server hands it to a listener (parsed, a response on the socket); resolves when written. */
function request(listener: (req: IncomingMessage, res: ServerResponse) => void, path: string): Promise<void> {
  const req = new IncomingMessage(socket as never);
  req.method = 'GET';
  req.url = path;
  req.headers = { host: '127.0.0.1:4410', 'user-agent': 'wrk' };
  req.rawHeaders = ['Host', '127.0.0.1:4410', 'User-Agent', 'wrk'];
  req.complete = true;
  req.push(null);
  const res = new ServerResponse(req);
  res.assignSocket(socket as never);
  return new Promise((resolve) => {
    res.once('finish', () => {
      res.detachSocket(socket as never);
      resolve();
    });
    listener(req, res);
  });
}

/** CPU µs a request through `listener`, the median of the rounds. */
async function whole(listener: (req: IncomingMessage, res: ServerResponse) => void, path: string) {
  const calls = 40_000;
  for (let i = 0; i < calls; i++) await request(listener, path);
  const each: number[] = [];
  for (let round = 0; round < rounds; round++) {
    const started = cpuUs();
    for (let i = 0; i < calls; i++) await request(listener, path);
    each.push((cpuUs() - started) / calls);
  }
  return median(each);
}

/** A live request context for `path`, as the route's handler gets it. */
async function contextOf(path: string, route: string): Promise<Context> {
  let kept: Context | undefined;
  const probe = new Hono().get(route, (c) => {
    kept = c;
    return c.body(null, 204);
  });
  await probe.request(`http://127.0.0.1:4410${path}`, {}, { incoming: { socket } });
  if (kept === undefined) throw new Error(`no context for ${path}`);
  return kept;
}

const dir = mkdtempSync(join(tmpdir(), 'cellpos-bench-steps-'));
const devNull = openSync('/dev/null', 'w');
const store = openDemoStore(join(dir, 'positioning.db'));
try {
  console.log(machineLine());
  const logWriter = createLogWriter((bytes) => void writeSync(devNull, bytes));
  const cells = { sources: { names: ['store'] as const, timeoutMs: 5000, cacheDays: 0 } };
  const app = createApp({ store, cells, staticDir: null, rateLimit: RATE, log: logWriter.log });
  const listener = createListener(app, { hostname: '127.0.0.1', log: logWriter.log });
  const rows: Array<[string, number]> = [];
  rows.push(['Cell read, whole (listener to socket stand-in)', await whole(listener, CELL_PATH)]);
  rows.push(['Location read, whole', await whole(listener, LOCATION_PATH)]);

  const cellAnswer = await app.request(CELL_PATH);
  const cellBody = await cellAnswer.text();
  const answerHeaders = {
    'Content-Type': 'application/xml; charset=utf-8',
    'Cache-Control': 'no-store',
    Vary: 'Accept',
    'Cell-Source': 'store',
    'Content-Length': String(Buffer.byteLength(cellBody)),
  };
  const minimal = new Hono().get('/api/cell/:mcc/:mnc/:cellid', (c) =>
    reply(c, { status: 200, headers: answerHeaders, body: cellBody }),
  );
  const minimalListener = createListener(minimal, { hostname: '127.0.0.1', log: logWriter.log });
  rows.push(['adapter, router and write: one route, same bytes', await whole(minimalListener, CELL_PATH)]);
  const wireHeaders = [...cellAnswer.headers].flat();
  rows.push([
    "write: node's writeHead (14 fields) and end",
    await whole((_req, res) => {
      res.writeHead(200, wireHeaders);
      res.end(cellBody);
    }, CELL_PATH),
  ]);
  rows.push(...(await steps(cellBody, answerHeaders)));
  rows.push(...rests(rows));

  const width = Math.max(...rows.map(([name]) => name.length));
  console.log(
    `CPU µs per call, median of ${rounds} rounds (one process, no kernel, no HTTP parsing; code ${RUN_LABEL}):`,
  );
  for (const [name, us] of rows) console.log(`  ${name.padEnd(width)}  ${us.toFixed(2).padStart(6)} µs`);
} finally {
  store.close();
  rmSync(dir, { recursive: true, force: true });
}

/** Each step on its own, on live contexts of the two reads. */
async function steps(
  cellBody: string,
  answerHeaders: Record<string, string>,
): Promise<Array<[string, number]>> {
  const cell = await contextOf(CELL_PATH, '/api/cell/:mcc/:mnc/:cellid');
  const limits = createLimits(RATE);
  const fresh = new FreshCache(() => store.dataVersion());
  const judge = storeKeys(store, limits, fresh);
  const keys = keyParams(cell);
  const user = store.authenticate(DEMO_KEYS.serviceKey, DEMO_KEYS.userKey) as User;
  const sources = createCellSources(
    { names: ['store'], timeoutMs: 5000, cacheDays: 0 },
    { store, log: () => undefined },
  );
  const readCell = createCellRead(sources, fresh);
  const readLocation = createLocationRead(store);
  const asked = (cellRequest(cell) as { ok: true; value: CellRequest }).value;
  const signal = () => new AbortController().signal;
  fresh.check();
  await readCell(asked, 'xml', signal);
  const record = store.getCell({ mcc: 244, mnc: 91, cellid: 10038 });
  const location = store.getLocation(user);
  if (record === undefined || location === undefined) throw new Error('the demo data lacks the cell');
  const fixed = new CheckedFields({
    'Content-Security-Policy': "default-src 'none'",
    'Permissions-Policy': 'geolocation=(self)',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cellpos-Build': 'dev',
  });
  return [
    ["guard: the client's address", timed(() => clientAddress(cell, 0))],
    [
      'guard: rate limits (address admitted, key charged)',
      timed(() => [limits.admit('127.0.0.1'), limits.accepted(DEMO_KEYS.serviceKey)]),
    ],
    ['guard: the query read (both keys, lac, radio)', timed(() => cell.req.queries())],
    ['guard: key check, a pair already checked (freshness included)', timed(() => judge(keys, '127.0.0.1'))],
    ['guard:   of which the freshness check (the WAL-index header)', timed(() => fresh.check())],
    [
      'guard: key check of a new pair (2 SHA-256, one query)',
      timed(() => store.authenticate(DEMO_KEYS.serviceKey, DEMO_KEYS.userKey), 20_000),
    ],
    ["Cell read: the path's and the query's checks", timed(() => cellRequest(cell))],
    ['Cell read: the answer kept in memory', timed(() => readCell(asked, 'xml', signal))],
    [
      'Cell read: a cell not kept, from SQLite',
      timed(() => store.getCell({ mcc: 244, mnc: 91, cellid: 10038 }), 20_000),
    ],
    ['Cell read: its XML encoded', timed(() => encodeCell(toCell(record), 'xml'), 20_000)],
    ['Location read: the answer kept in memory', timed(() => readLocation(user, 'xml'))],
    ['Location read: from SQLite', timed(() => store.getLocation(user), 20_000)],
    [
      'Location read: its XML encoded',
      timed(() => encodeLocation({ msisdn: location.msisdn, cell: toCell(location.cell) }, 'xml'), 20_000),
    ],
    [
      "answer headers: the answer's 5 and the 7 fixed, listed for node",
      timed(() => {
        const answer = reply(cell, { status: 200, headers: answerHeaders, body: cellBody });
        fixed.setOn(answer.headers);
        return (answer.headers as unknown as { toNode(): string[] }).toNode();
      }),
    ],
  ];
}

/**
 * What the steps leave of each whole read: its middleware (the access log and its writing, the security headers,
 * compression's check, the guard's own), the promises between them, Hono's context, and the collector.
 */
function rests(rows: Array<[string, number]>): Array<[string, number]> {
  const at = (start: string): number => rows.find(([name]) => name.startsWith(start))?.[1] ?? NaN;
  const shared =
    at('adapter, router') +
    at("guard: the client's") +
    at('guard: rate limits') +
    at('guard: the query') +
    at('guard: key check, a pair');
  return [
    [
      'the rest of the Cell read (middleware, promises, context, GC)',
      at('Cell read, whole') - shared - at("Cell read: the path's") - at('Cell read: the answer kept'),
    ],
    [
      'the rest of the Location read',
      at('Location read, whole') - shared - at('Location read: the answer kept'),
    ],
  ];
}
