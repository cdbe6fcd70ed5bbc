// npm start: build the app when it is missing or older than its sources, then run the service.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const built = join(root, 'dist', 'index.html');

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    // The service's own files do not go into the app.
    if (path === join(root, 'src') && entry === 'server') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

// A build made before the service stopped compressing files itself has no .br/.gz beside its scripts.
function precompressed() {
  const assets = join(root, 'dist', 'assets');
  return existsSync(assets) && readdirSync(assets).some((name) => name.endsWith('.js.br'));
}

function needsBuild() {
  if (!existsSync(built) || !precompressed()) return true;
  const sources = [
    'src',
    'index.html',
    'public',
    'vite.config.ts',
    'scripts/precompress.mjs',
    'package.json',
  ];
  return Math.max(...sources.map((p) => newestMtime(join(root, p)))) > statSync(built).mtimeMs;
}

if (!existsSync(join(root, 'index.html'))) {
  console.log('No index.html yet: starting the service without building the app.');
} else if (needsBuild()) {
  console.log('Building the app (vite build)…');
  const build = spawnSync(process.execPath, [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  });
  if (build.status !== 0) {
    console.error('The build failed; see above.');
    process.exit(build.status ?? 1);
  }
}

const service = spawn(process.execPath, ['--import', 'tsx', join('src', 'server', 'main.ts')], {
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
