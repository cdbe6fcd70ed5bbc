// The service for the browser tests: demo data in a fresh database, no simulated movement. The database is
// E2E_DB when set (the tests read it to use the admin command line), else one in a new temporary folder; the port
// is PORT. Any other setting is given as an argument, NAME=value: none comes from the caller's environment or a
// .env, so a developer's own settings never change the service the tests run against (scripts/service-env.mjs).
//   node scripts/e2e-server.mjs [NAME=value …]
import { spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serviceEnv, settingsFromArgs } from './service-env.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const PREFIX = 'cellpos-e2e-';

let settings;
try {
  settings = settingsFromArgs(process.argv.slice(2));
} catch (error) {
  console.error(`e2e-server: ${error.message}`);
  process.exit(2);
}

// A runner that kills this script with SIGKILL leaves its folder behind: remove those whose owner is gone.
for (const name of readdirSync(tmpdir())) {
  const folder = join(tmpdir(), name);
  if (!name.startsWith(PREFIX) || !existsSync(join(folder, 'owner.pid'))) continue;
  try {
    process.kill(Number(readFileSync(join(folder, 'owner.pid'), 'utf8')), 0);
  } catch (error) {
    if (error.code === 'ESRCH') rmSync(folder, { recursive: true, force: true });
  }
}

let dir;
let db;
let ownFolder;
if (process.env.E2E_DB) {
  db = process.env.E2E_DB;
  dir = dirname(db);
  ownFolder = !existsSync(dir);
  mkdirSync(dir, { recursive: true });
} else {
  dir = mkdtempSync(join(tmpdir(), PREFIX));
  db = join(dir, 'positioning.db');
  ownFolder = true;
}
const dbFiles = [db, `${db}-wal`, `${db}-shm`, join(dir, 'owner.pid')];
for (const file of dbFiles) rmSync(file, { force: true });
writeFileSync(join(dir, 'owner.pid'), String(process.pid));

const env = serviceEnv(process.env, {
  HOST: '127.0.0.1',
  PORT: process.env.PORT ?? '5199',
  POSITIONING_DB: db,
  POSITIONING_SIMULATE_MS: '0',
  POSITIONING_DEMO: 'on',
  // Two browsers share the demo service key; the tests must not meet the limit meant for real clients.
  POSITIONING_RATE_LIMIT: '200',
  STATIC_DIR: join(root, 'dist'),
  ...settings,
});

// The service as production runs it: the built JavaScript (npm run build makes it, with the app).
const main = join(root, 'dist-server', 'main.js');
if (!existsSync(main)) {
  console.error(`${main} is missing: run "npm run build" first.`);
  process.exit(1);
}
// Run from its own folder: a .env in the checkout (a developer's settings) must not reach the tests.
const service = spawn(process.execPath, [main], {
  cwd: dir,
  stdio: 'inherit',
  env,
});

function cleanUp() {
  if (ownFolder) rmSync(dir, { recursive: true, force: true });
  else for (const file of dbFiles) rmSync(file, { force: true });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (service.exitCode === null && service.signalCode === null) service.kill('SIGTERM');
    else {
      cleanUp();
      process.exit(0);
    }
  });
}

service.on('exit', (code) => {
  cleanUp();
  process.exit(code ?? 0);
});
