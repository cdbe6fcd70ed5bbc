import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { CAMARA_CLIENT_ID } from './scripts/stand-ins/camara';
import { OPENCELLID_KEY } from './scripts/stand-ins/opencellid';

/* Debian's Chromium where it is installed (CI, this workplace: Playwright may not download browsers here);
   elsewhere Playwright's own browser. CHROMIUM_PATH overrides both. */
const executablePath =
  process.env.CHROMIUM_PATH ?? (existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined);

const port = Number(process.env.E2E_PORT ?? 5199);
/* The hostile operator and a service in proxy mode in front of it (e2e/hostile-operator.spec.ts). */
const operatorPort = port + 1;
const proxyPort = port + 2;
process.env.E2E_OPERATOR_URL = `http://127.0.0.1:${operatorPort}`;
process.env.E2E_PROXY_URL = `http://127.0.0.1:${proxyPort}`;
/* Stand-ins for OpenCelliD and a geolocate API, and a service asking them after its store
   (e2e/real-cells.spec.ts). That service also looks through at most 300 cells for a filtered cells-in-view read,
   so that its demo data (681 cells) holds a view too crowded to filter (e2e/cells-in-view.spec.ts). */
const standInPort = port + 3;
const sourcesPort = port + 4;
process.env.E2E_STAND_INS_URL = `http://127.0.0.1:${standInPort}`;
process.env.E2E_SOURCES_URL = `http://127.0.0.1:${sourcesPort}`;

/* A stand-in CAMARA operator and a service asking it (LOCATION_SOURCE=camara), for e2e/camara.spec.ts. The client
   key is made once per port and kept: the runner and its workers all read this file, and both servers start from it. */
const camaraOperatorPort = port + 7;
const camaraPort = port + 8;
process.env.E2E_CAMARA_OPERATOR_URL = `http://127.0.0.1:${camaraOperatorPort}`;
process.env.E2E_CAMARA_URL = `http://127.0.0.1:${camaraPort}`;
const camaraDb = join(tmpdir(), `cellpos-e2e-camara-db-${port}`, 'positioning.db');
process.env.E2E_CAMARA_DB = camaraDb;
const camaraKey = join(tmpdir(), `cellpos-e2e-camara-key-${port}`, 'client.pem');
if (!existsSync(camaraKey)) {
  mkdirSync(join(camaraKey, '..'), { recursive: true });
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  writeFileSync(camaraKey, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600 });
}

/* The two halves meet (e2e/camara-meets-operator.spec.ts): a service asking, as a CAMARA consumer, the e2e service
   itself (port), which is a CAMARA operator at /oidc and /camara like every service in demo mode. The spec
   registers the consumer there by the key's public half, as an operator's administrator would. */
const meetPort = port + 9;
const meetClientId = 'cellpos-e2e-consumer';
process.env.E2E_CAMARA_MEET_CLIENT_ID = meetClientId;
process.env.E2E_CAMARA_MEET_URL = `http://127.0.0.1:${meetPort}`;
process.env.E2E_CAMARA_MEET_OPERATOR_URL = `http://127.0.0.1:${port}`;
process.env.E2E_CAMARA_MEET_DB = join(tmpdir(), `cellpos-e2e-camara-meet-db-${port}`, 'positioning.db');
const camaraPublicKey = join(camaraKey, '..', 'public.pem');
process.env.E2E_CAMARA_PUBLIC_KEY = camaraPublicKey;
if (!existsSync(camaraPublicKey)) {
  const publicKey = createPublicKey(readFileSync(camaraKey, 'utf8'));
  writeFileSync(camaraPublicKey, publicKey.export({ format: 'pem', type: 'spki' }));
}

/* Where the e2e service keeps its database, so tests can add cells with the admin command line.
   Set here (workers inherit it) and handed to scripts/e2e-server.mjs. */
const e2eDb = process.env.E2E_DB ?? join(tmpdir(), `cellpos-e2e-db-${port}`, 'positioning.db');
process.env.E2E_DB = e2eDb;
const sourcesDb = join(tmpdir(), `cellpos-e2e-sources-db-${port}`, 'positioning.db');

/* The test services (scripts/e2e-server.mjs) take their settings as arguments, never from this environment or
   a .env: a developer's own settings must not change what the tests run against. */
function serviceCommand(settings: Record<string, string> = {}): string {
  // Playwright runs the command through a POSIX shell: each argument single-quoted.
  const args = Object.entries(settings).map(
    ([name, value]) => `'${`${name}=${value}`.replaceAll("'", `'\\''`)}'`,
  );
  return ['node scripts/e2e-server.mjs', ...args].join(' ');
}

const launchOptions = {
  ...(executablePath !== undefined && { executablePath }),
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  reporter: [['list']],
  /* Budgets that stop a hung test, not speeds. This machine's two cores are shared with other work (other
     engineers' tests, other CI jobs): at a load of 25-30 a test takes ten times as long as on a quiet machine, and
     the 30 s and 5 s budgets failed tests that were only slow (the two-tab history test, the axe checks). */
  timeout: 90_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions,
    /* The app registers a service worker; most tests route or count the page's requests, which a worker
       would answer out of their sight, so they run without one. e2e/installed-app.spec.ts and
       e2e/update.spec.ts run with it. */
    serviceWorkers: 'block',
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], launchOptions } },
    {
      name: 'phone',
      /* What does not depend on the screen runs once, on desktop: the service behind the app (a hostile operator,
         the public sources, its headers and files), an installation, an update, the test services, a batch of
         thousands. */
      testIgnore: [
        'hostile-operator.spec.ts',
        'real-cells.spec.ts',
        'security.spec.ts',
        'production-install.spec.ts',
        'update.spec.ts',
        'test-services.spec.ts',
        'batch-large.spec.ts',
        'camara-meets-operator.spec.ts',
      ],
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: serviceCommand(),
      url: `http://127.0.0.1:${port}/api/health`,
      env: { PORT: String(port), E2E_DB: e2eDb },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx scripts/hostile-operator.ts ${operatorPort}`,
      url: `http://127.0.0.1:${operatorPort}/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 60_000,
    },
    {
      command: `node --import tsx scripts/stand-in-sources.ts ${standInPort}`,
      url: `http://127.0.0.1:${standInPort}/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 60_000,
    },
    {
      command: serviceCommand({
        CELL_SOURCES: 'store,opencellid,geolocate',
        OPENCELLID_URL: `http://127.0.0.1:${standInPort}/opencellid`,
        OPENCELLID_KEY: OPENCELLID_KEY,
        GEOLOCATE_URL: `http://127.0.0.1:${standInPort}/geolocate/v1/geolocate`,
        POSITIONING_TIMEOUT_MS: '3000',
        CELLS_IN_VIEW_LOOK_THROUGH: '300',
      }),
      url: `http://127.0.0.1:${sourcesPort}/api/health`,
      env: { PORT: String(sourcesPort), E2E_DB: sourcesDb },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: `node --import tsx scripts/stand-ins/camara.ts ${camaraOperatorPort} ${CAMARA_CLIENT_ID} ${camaraKey} 1`,
      url: `http://127.0.0.1:${camaraOperatorPort}/health`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 60_000,
    },
    {
      // After its operator: at start the service reads the operator's discovery and stops without it.
      command: serviceCommand({
        LOCATION_SOURCE: 'camara',
        CAMARA_ISSUER: `http://127.0.0.1:${camaraOperatorPort}/oidc`,
        CAMARA_API_ROOT: `http://127.0.0.1:${camaraOperatorPort}/api`,
        CAMARA_CLIENT_ID,
        CAMARA_PRIVATE_KEY: camaraKey,
        POSITIONING_TIMEOUT_MS: '3000',
      }),
      url: `http://127.0.0.1:${camaraPort}/api/health`,
      env: { PORT: String(camaraPort), E2E_DB: camaraDb },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      // After the e2e service, its operator: discovery is read at start.
      command: serviceCommand({
        LOCATION_SOURCE: 'camara',
        CAMARA_ISSUER: `http://127.0.0.1:${port}/oidc`,
        CAMARA_API_ROOT: `http://127.0.0.1:${port}/camara`,
        CAMARA_CLIENT_ID: meetClientId,
        CAMARA_PRIVATE_KEY: camaraKey,
        POSITIONING_TIMEOUT_MS: '3000',
      }),
      url: `http://127.0.0.1:${meetPort}/api/health`,
      env: { PORT: String(meetPort), E2E_DB: process.env.E2E_CAMARA_MEET_DB },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 120_000,
      stdout: 'ignore',
      stderr: 'pipe',
    },
    {
      command: serviceCommand({
        POSITIONING_BASE_URL: `http://127.0.0.1:${operatorPort}/op`,
        POSITIONING_TIMEOUT_MS: '3000',
        POSITIONING_RATE_LIMIT: '0',
      }),
      url: `http://127.0.0.1:${proxyPort}/api/health`,
      env: {
        PORT: String(proxyPort),
        E2E_DB: join(tmpdir(), `cellpos-e2e-db-${proxyPort}`, 'positioning.db'),
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 60_000,
    },
  ],
});
