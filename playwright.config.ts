import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

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

/* Where the e2e service keeps its database, so tests can add cells with the admin command line.
   Set here (workers inherit it) and handed to scripts/e2e-server.mjs. */
const e2eDb = process.env.E2E_DB ?? join(tmpdir(), `cellpos-e2e-db-${port}`, 'positioning.db');
process.env.E2E_DB = e2eDb;

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
  reporter: process.env.CI ? [['list']] : [['list']],
  timeout: 30_000,
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
      use: {
        ...devices['Pixel 7'],
        viewport: { width: 390, height: 844 },
        launchOptions,
      },
    },
  ],
  webServer: [
    {
      command: `node scripts/e2e-server.mjs`,
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
      command: `node "${join(process.cwd(), 'dist-server', 'main.js')}"`,
      // Its own folder, so that a .env in the checkout does not reach it.
      cwd: tmpdir(),
      url: `http://127.0.0.1:${proxyPort}/api/health`,
      env: {
        HOST: '127.0.0.1',
        PORT: String(proxyPort),
        POSITIONING_BASE_URL: `http://127.0.0.1:${operatorPort}/op`,
        POSITIONING_TIMEOUT_MS: '3000',
        POSITIONING_RATE_LIMIT: '0',
        STATIC_DIR: join(process.cwd(), 'dist'),
      },
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5000 },
      timeout: 60_000,
    },
  ],
});
