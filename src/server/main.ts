import type { AddressInfo } from 'node:net';
import { createApp } from './app';
import { createCamaraConsumer } from './camara-consumer/engine';
import { startConsumerContext } from './camara-consumer/start';
import { watchSource } from './camara-consumer/watches/watch-source';
import { camaraLocationSource, type CamaraLocationSource } from './location/camara-location';
import { ConfigError, loadConfig, loadEnvFile, type Config } from './config';
import { DEMO_KEYS, seedDemoOnce } from './admin/demo-data';
import { createHttpServer } from './platform/http/http-server';
import { townGazetteer } from './cells/gazetteer';
import { createListener } from './platform/http/listener';
import { createLogWriter } from './platform/http/log-writer';
import { startSimulator } from './modes/demo/simulator';
import { hasLiveSources } from './cells/sources/cell-sources';
import { signingKeys } from './camara-operator/oidc/keys';
import { openServiceStore, type ServiceStore } from './store/service-store';
import { GEOFENCING_DEFAULTS, startGeofencing } from './camara-operator/geofencing/engine';
import { chooseMode } from './modes/choose';
import { demoWatchSource } from './modes/demo/watches';
import { SINK_PATH } from './camara-consumer/watches/watch-source';

const logWriter = createLogWriter((bytes) => process.stdout.write(bytes));
const log = logWriter.log;
process.on('exit', logWriter.flush);

function readConfig(): Config {
  try {
    if (loadEnvFile()) console.log('Settings read from .env (the environment’s own values win).');
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Cannot start: ${error.message}`);
      process.exit(2);
    }
    throw error;
  }
}

const config = readConfig();
// The mode, chosen once: demo, or (with an operator's BASE_URL) a proxy to it.
const mode = chooseMode(config);
const demo = mode.name === 'demo';
let store: ServiceStore | undefined;
let stopSimulator = (): void => undefined;
let stopPruning = (): void => undefined;
let stopGeofencing = (): Promise<void> => Promise.resolve();

/* The CAMARA operator's signing keys are made now if this database has none (not at its first request), and its
   expired records (requests, tokens, grants) are deleted now and every hour. */
function pruneCamara(open: ServiceStore): () => void {
  signingKeys(open.camara).catch((error: unknown) => {
    log(`camara: cannot make the provider's signing keys: ${(error as Error).message}`);
  });
  const prune = (): void => {
    open.camara.prune(Math.floor(Date.now() / 1000)).catch((error: unknown) => {
      log(`camara: pruning failed: ${(error as Error).message}`);
    });
  };
  prune();
  const timer = setInterval(prune, 3_600_000);
  timer.unref();
  return () => clearInterval(timer);
}

const common = {
  tileUrl: config.tileUrl,
  tileAttribution: config.tileAttribution,
  staticDir: config.staticDir,
  log,
  rateLimit: { perSecond: config.rateLimit, burst: config.rateBurst },
  sourceBudget: { perMinute: config.sourceBudget },
  hints: { unknownPerMinute: config.unknownNumbers },
  cellsInViewLookThrough: config.cellsInViewLookThrough,
  behindTls: config.behindTls,
  allowedHosts: config.allowedHosts,
  trustedProxies: config.trustedProxies,
  timeoutMs: config.timeoutMs,
  corsOrigins: config.corsOrigins,
};
/** The store, migrated and (demo mode, when empty) filled with the demo data once; else one line, and exit 1. */
async function readStore(): Promise<ServiceStore> {
  let opened: ServiceStore | undefined;
  try {
    opened = await openServiceStore(config.database, log);
    // Proxy mode's database holds cells and answers only: the operator's keys are the operator's.
    if (config.demo && demo) await seedDemoOnce(opened);
    // The CAMARA operator's keys, opened now (and sealed, when an older version kept them in the clear): a
    // database whose keys do not open with this seal key does not start.
    if (demo) await opened.camara.signingKeys();
    return opened;
  } catch (error) {
    await opened?.close();
    const where = config.database.url === undefined ? ` the database ${config.database.file}` : '';
    console.error(`Cannot start:${where} ${(error as Error).message}`);
    process.exit(1);
  }
}

const live = hasLiveSources(config.cells.names);
// Proxy mode opens the database only when a source needs it (the store's cells, the live sources' cache) or when
// it is PostgreSQL (DATABASE_URL): then replicas share their rate limits there.
const needsStore = live || config.cells.names.includes('store') || config.database.url !== undefined;
if (demo || needsStore) store = await readStore();
const days = config.cells.cacheDays;
const cells = {
  sources: config.cells,
  ...(live &&
    store !== undefined && {
      cache: store.cellCache({ foundSeconds: days * 86_400, notFoundSeconds: days === 0 ? 0 : 86_400 }),
    }),
};
await cells.cache?.prune(Math.floor(Date.now() / 1000));
// Asked before the first request, so the page says from the start whether the demo keys are there.
const demoKeys = demo && store !== undefined && (await store.hasDemoKeys());
/* The demo fills only a database that is empty when it is first opened: one an import made first holds cells and
   no keys at all. Asked only then (in demo mode, without the demo keys), since it counts the cells. */
const keyless =
  config.demo && demo && !demoKeys && store !== undefined && (await store.counts()).serviceKeys === 0;

/** LOCATION_SOURCE=camara: the key, the operator's discovery and its API are checked before the service listens. */
async function readCamara(opened: ServiceStore | undefined): Promise<CamaraLocationSource | undefined> {
  if (config.location.source !== 'camara' || opened === undefined) return undefined;
  try {
    const context = await startConsumerContext(config.location.camara, {
      store: opened.camaraConsumer,
      timeoutMs: config.timeoutMs,
      log,
    });
    // The operator delivers the watches' events to this service's sink (publicUrl is known once it listens).
    const watches = watchSource(context, opened.camaraWatches, () => publicUrl());
    return camaraLocationSource(createCamaraConsumer(context), watches);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(`Cannot start: ${error.message}`);
    await opened.close();
    process.exit(2);
  }
}
const camaraLocation = await readCamara(store);

/* The port actually listened on (PORT may be 0), for the default PUBLIC_URL. */
let listening = config.port;
const publicUrl = (): string => config.publicUrl ?? `http://127.0.0.1:${listening}`;
/* Where this process reaches itself: its loopback address, unless it listens on one other address only. */
const ownUrl = (): string =>
  ['0.0.0.0', '::', '127.0.0.1', 'localhost'].includes(config.host)
    ? `http://127.0.0.1:${listening}`
    : publicUrl();
const GEOFENCING_ROOT = '/camara/geofencing-subscriptions/v0.5';
const demoApp = (open: ServiceStore) =>
  createApp({
    store: open,
    cells,
    camaraOperator: {
      store: open.camara,
      geofencing: open.geofencing,
      publicUrl,
      // The sandbox's phone page, with the demo data only (docs/camara-operator.md, "The phone page").
      ...(config.demo && { phone: { userOf: (userKey: string) => open.getUser(userKey) } }),
    },
    ...(camaraLocation !== undefined && { camaraLocation }),
    // Watch my phone in demo mode: subscribed at this service's own operator, delivered to its own sink.
    ...(camaraLocation === undefined && {
      watches: demoWatchSource({
        store: open,
        source: () => `${publicUrl()}${GEOFENCING_ROOT}`,
        sinkUrl: () => `${ownUrl()}${SINK_PATH}`,
        now: Date.now,
        log,
      }),
    }),
    ...common,
  });

const app =
  mode.name === 'demo'
    ? demoApp((store ??= await readStore()))
    : createApp({
        upstream: mode.upstream,
        ...(store !== undefined && { store }),
        cells,
        ...common,
      });

const http = createHttpServer(createListener(app, { hostname: config.host, log }));
const server = http.server;
server.listen(config.port, config.host, () => {
  const info = server.address() as AddressInfo;
  const host = info.family === 'IPv6' ? `[${info.address}]` : info.address;
  listening = info.port;
  console.log(`Cell positioning service: http://${host}:${info.port}/`);
  console.log(
    config.rateLimit > 0
      ? `Rate limit: ${config.rateLimit} requests/s per service key (bursts of ${config.rateBurst}), five times that ` +
          'per client address, and a quarter of it in failed key checks per address'
      : 'Rate limit: off',
  );
  console.log(
    config.trustedProxies > 0
      ? `Client addresses: from X-Forwarded-For, behind ${config.trustedProxies} trusted proxies`
      : 'Client addresses: from the socket (X-Forwarded-For ignored)',
  );
  console.log(
    `Cell sources: ${config.cells.names.join(', ')}` +
      (live ? ` (answers kept ${days} days, "not found" ${days === 0 ? '0 days' : 'a day'})` : ''),
  );
  if (live) {
    console.log(
      config.sourceBudget > 0
        ? `Live cell sources: at most ${config.sourceBudget} requests a minute per service key`
        : 'Live cell sources: no limit per service key (CELL_SOURCE_BUDGET=0)',
    );
  }
  // The gazetteer names cells a live source gives without a name; built now rather than on the first lookup.
  if (live) setTimeout(() => townGazetteer(), 0).unref();
  if (mode.name === 'proxy') {
    console.log(`Proxy mode: forwarding /api/location and /api/cell/… to ${mode.upstream.baseUrl}`);
  } else if (store !== undefined) {
    console.log(
      `Demo mode, database ${store.engine === 'SQLite' ? config.database.file : `${store.where} (PostgreSQL)`}`,
    );
    console.log(`CAMARA operator: issuer ${publicUrl()}/oidc, Device Location ${publicUrl()}/camara`);
    stopPruning = pruneCamara(store);
    stopGeofencing = startGeofencing({
      camara: store.camara,
      geofencing: store.geofencing,
      source: () => `${publicUrl()}${GEOFENCING_ROOT}`,
      settings: {
        ...GEOFENCING_DEFAULTS,
        tickMs: config.geofencingTickMs,
        retryForMs: config.geofencingRetrySeconds * 1000,
      },
      log,
      now: Date.now,
    }).stop;
    if (config.location.source === 'camara') {
      console.log(
        `Locate my phone: CAMARA Device Location at ${config.location.camara.apiRoot}, consent by ` +
          `${config.location.camara.issuer} (client ${config.location.camara.clientId}, ${config.location.camara.purpose})`,
      );
    }
    if (demoKeys) {
      console.log(
        `WARNING: the demo keys are active (service key ${DEMO_KEYS.serviceKey}, user key ${DEMO_KEYS.userKey}): ` +
          'anyone who knows them can read the demo data. For real use, start with POSITIONING_DEMO=off on a new database.',
      );
    } else if (keyless) {
      console.log(
        'Demo keys: not in this database, and no other keys either: the demo fills only a database that is empty ' +
          'when first opened, and this one held cells (an import made it). To read it, add a developer and keys: ' +
          'npm run service -- add-developer NAME, then issue-service-key NAME and register-user NAME MSISDN ' +
          '(docs/deploying.md, "Admin command line"). Or, for the demo, start on a new database and import into it after.',
      );
    } else {
      console.log('Demo keys: not in this database.');
    }
    if (config.simulateMs > 0 && demoKeys) {
      stopSimulator = startSimulator(store, {
        userKey: DEMO_KEYS.userKey,
        intervalMs: config.simulateMs,
        log,
      });
    }
  }
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(
    error.code === 'EADDRINUSE'
      ? `Cannot start: port ${config.port} on ${config.host} is in use (set PORT to another port).`
      : `Cannot start: ${error.message}`,
  );
  void Promise.resolve(store?.close()).finally(() => process.exit(1));
});

let stopping = false;
function shutdown(signal: string): void {
  if (stopping) return;
  stopping = true;
  log(`${signal}: stopping`);
  stopSimulator();
  stopPruning();
  const finish = (): void => {
    if (store === undefined) process.exit(0);
    const open = store;
    // The geofencing engine's round in progress ends before the database closes.
    void stopGeofencing()
      .then(() => open.close())
      .then(() => log('database closed'))
      .finally(() => process.exit(0));
  };
  // Requests still running after this are cut off: an operator can take long to answer.
  const force = setTimeout(finish, 10_000);
  force.unref();
  http.stop(finish);
}

process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
