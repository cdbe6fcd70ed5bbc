/**
 * What each step of the Cell and Location reads costs, in CPU µs, measured in one process: the whole read as node's
 * HTTP server hands a parsed request to the service's listener and the listener writes the answer (into a socket
 * stand-in: neither the kernel nor node's parsing is in it; bench:load's bare server is that share), the same
 * listener with a one-route app that answers the same bytes (the adapter, the router and the write), and each step
 * on its own on a live request context: the client's address, the rate limits, the query read, the key check and
 * its freshness check, the Cell read's own checks, the read from memory (and from SQLite, with the encoder, for a
 * cell not yet kept), the answer's headers and node's writeHead and end.
 * The service is made as main makes it (demo database in a temporary folder, its log written, the rate limits on at
 * 1,000,000 requests a second as bench:load runs them). Each figure is the median of --rounds rounds.
 * The measuring code (bench/read-steps-run.ts) is first built by Vite as the service is (tsx's transform keeps
 * function names with a call per closure made, which the built service does not pay); --sources runs it through
 * tsx instead.
 * Usage: npm run bench:read-steps [-- --rounds 5] [-- --sources]
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const sources = process.argv.includes('--sources');
const passed = process.argv.slice(2).filter((arg) => arg !== '--sources');
const entry = join('bench', 'read-steps-run.ts');
let run: string[];
let cleanup = (): void => undefined;
if (sources) {
  run = ['--import', 'tsx', entry];
} else {
  // Inside the project, so that the built file finds the packages in node_modules.
  mkdirSync(join('bench', 'out'), { recursive: true });
  const outDir = mkdtempSync(join('bench', 'out', 'read-steps-'));
  cleanup = () => rmSync(outDir, { recursive: true, force: true });
  await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    build: {
      ssr: entry,
      outDir,
      target: 'node20',
      rollupOptions: { output: { format: 'es', entryFileNames: 'read-steps-run.mjs' } },
    },
  });
  run = [join(outDir, 'read-steps-run.mjs')];
}
try {
  const env = { ...process.env, READ_STEPS_CODE: sources ? 'from the sources through tsx' : 'built by Vite' };
  const done = spawnSync(process.execPath, [...run, ...passed], { stdio: 'inherit', env });
  process.exitCode = done.status ?? 1;
} finally {
  cleanup();
}
