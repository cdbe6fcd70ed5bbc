// The service for the browser tests: demo data in a fresh temporary database, no simulated movement.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dir = mkdtempSync(join(tmpdir(), 'cellpos-e2e-'));

const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: process.env.PORT ?? '5199',
  POSITIONING_DB: join(dir, 'positioning.db'),
  POSITIONING_SIMULATE_MS: '0',
  POSITIONING_DEMO: 'on',
  STATIC_DIR: join(root, 'dist'),
};
delete env.POSITIONING_BASE_URL;
delete env.POSITIONING_SCHEMA_URL;

const service = spawn(process.execPath, ['--import', 'tsx', join('src', 'server', 'main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env,
});

function cleanUp() {
  rmSync(dir, { recursive: true, force: true });
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
