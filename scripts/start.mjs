// npm start (and npm run preview, which builds afresh): build the app and the service when they are missing or
// were built from other sources, then run the service's built JavaScript with plain node.
import { spawn } from 'node:child_process';
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

service.on('exit', (code, signal) => {
  process.exit(code ?? (signal === null ? 1 : 0));
});
