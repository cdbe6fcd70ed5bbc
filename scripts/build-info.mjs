// Stamps a build with the id of its sources (scripts/build-id.mjs): `__CELLPOS_BUILD__` in the code, and a
// build.json beside the output, written last, which npm start reads to tell a finished, current build. Also
// `__CELLPOS_VERSION__`, package.json's version, which built code cannot find by a path from where it was written.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildId } from './build-id.mjs';

export const BUILD_FILE = 'build.json';

export function buildInfo(root) {
  const id = buildId(root) ?? 'unknown';
  const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  let outDir;
  return {
    name: 'cellpos-build-info',
    apply: 'build',
    config: () => ({
      define: { __CELLPOS_BUILD__: JSON.stringify(id), __CELLPOS_VERSION__: JSON.stringify(String(version)) },
    }),
    configResolved(config) {
      outDir = config.build.outDir;
    },
    buildStart() {
      rmSync(join(outDir, BUILD_FILE), { force: true });
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        writeFileSync(join(outDir, BUILD_FILE), `${JSON.stringify({ build: id })}\n`);
      },
    },
  };
}

/** The id a built folder was made from, or null when it holds no finished build. */
export function readBuild(dir) {
  try {
    const { build } = JSON.parse(readFileSync(join(dir, BUILD_FILE), 'utf8'));
    return typeof build === 'string' ? build : null;
  } catch {
    return null;
  }
}
