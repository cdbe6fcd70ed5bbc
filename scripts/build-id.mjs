// The build's id: a hash of every file that goes into the app or the service, so the app and the service built
// from the same tree carry the same id, wherever each is built. The service sends its id with every API answer
// (Cellpos-Build) and the app compares it with its own: an old page never goes on talking to a newer service.
// npm start compares it with the id the built tree was made from, to build again only when the sources changed.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export const BUILD_INPUTS = [
  'src',
  'index.html',
  'public',
  'package.json',
  'package-lock.json',
  'vite.config.ts',
  'vite.service.config.ts',
  'scripts/build-id.mjs',
  'scripts/precompress.mjs',
  'scripts/build-info.mjs',
];

/* What only the tests use goes into neither build: test files, and the test tools' folders (src/testing for the
   app's tests, src/server/testing for the service's; a lint rule keeps them out of the app and the service), so a
   change to a test never changes the id and never makes npm start build again. */
const SKIPPED = /\.test\.tsx?$/;
const TEST_TOOLS = new Set(['src/testing', 'src/server/testing']);

function files(root, path) {
  if (!existsSync(path)) return [];
  if (!statSync(path).isDirectory()) return [path];
  if (TEST_TOOLS.has(relative(root, path).split(sep).join('/'))) return [];
  return readdirSync(path).flatMap((name) => (SKIPPED.test(name) ? [] : files(root, join(path, name))));
}

/** The id of the sources under `root`, or null when they are not there (a tree holding only the built files). */
export function buildId(root) {
  if (!existsSync(join(root, 'src'))) return null;
  const hash = createHash('sha256');
  const all = BUILD_INPUTS.flatMap((input) => files(root, join(root, input)))
    .map((file) => [relative(root, file).split(sep).join('/'), file])
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  for (const [name, file] of all) {
    hash.update(`${name}\0`);
    hash.update(readFileSync(file));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 16);
}
