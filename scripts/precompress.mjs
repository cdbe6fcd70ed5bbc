// Brotli and gzip copies of the built app's text files (x.js → x.js.br, x.js.gz), written once at build time
// at the highest levels, so the service sends them as they are (serveStatic's `precompressed`) instead of
// compressing on every request. Our own few lines over node:zlib rather than a plugin package: it is all the
// job needs, and there is nothing to keep up to date.
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const TEXT = /\.(?:html|js|mjs|css|svg|json|txt|xml|map|webmanifest)$/;
// The service's threshold for API answers too (src/server/platform/http/compression.ts): below it compression does not pay.
const MIN_BYTES = 1024;

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

async function compressFile(file) {
  const body = await readFile(file);
  if (body.byteLength < MIN_BYTES) return false;
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
      },
    }),
    gzipped(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
  return true;
}

export async function precompressDir(dir) {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  const files = entries
    .filter((entry) => entry.isFile() && TEXT.test(entry.name))
    .map((entry) => join(entry.parentPath, entry.name));
  const done = await Promise.all(files.map(compressFile));
  return done.filter(Boolean).length;
}

export function precompress() {
  let outDir;
  return {
    name: 'cellpos-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    // After every other plugin's output (the service worker and the manifest are written at the very end).
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const count = await precompressDir(outDir);
        this.info(`${count} files precompressed (.br, .gz)`);
      },
    },
  };
}
