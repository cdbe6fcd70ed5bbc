// npm run dev: the service on SERVICE_PORT (8080) and Vite with hot reload in front of it; stops both together.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const servicePort = process.env.SERVICE_PORT ?? '8080';
const env = { ...process.env, SERVICE_PORT: servicePort };

const children = [
  spawn(
    process.execPath,
    [
      join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
      'watch',
      '--clear-screen=false',
      join('src', 'server', 'main.ts'),
    ],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...env, PORT: servicePort },
    },
  ),
  spawn(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), ...process.argv.slice(2)], {
    cwd: root,
    stdio: 'inherit',
    env,
  }),
];

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
  setTimeout(() => process.exit(code), 500).unref();
  Promise.all(
    children.map(
      (child) => new Promise((done) => (child.exitCode !== null ? done() : child.once('exit', done))),
    ),
  ).then(() => process.exit(code));
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => stopAll(0));
