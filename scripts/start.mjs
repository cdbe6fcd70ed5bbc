// npm start (and npm run preview, which builds afresh): build the app and the service when they are missing or
// were built from other sources, then run the service's built JavaScript with plain node.
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureBuilt } from './built.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
ensureBuilt(root, { parts: ['app', 'service'], rebuild: process.argv.includes('--rebuild') });

const service = spawn(process.execPath, [join(root, 'dist-server', 'main.js')], {
  cwd: root,
  stdio: 'inherit',
});

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (service.exitCode === null) service.kill(signal);
  });
}

// Killed by a signal is a failure, told as a shell tells it (128 + its number), so that a supervisor's
// restart-on-failure restarts the service.
service.on('exit', (code, signal) => {
  if (signal !== null) {
    console.error(`The service was ended by ${signal}.`);
    process.exit(128 + (constants.signals[signal] ?? 0));
  }
  process.exit(code ?? 1);
});
