// What npm start, npm run preview and npm run service share: the built app (dist/) and the built service
// (dist-server/) are made again when missing or made from other sources than those in the tree, and never
// needed from anywhere else: production runs the built JavaScript with plain node.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildId } from './build-id.mjs';
import { readBuild } from './build-info.mjs';

const PARTS = {
  app: { dir: 'dist', args: ['build'], what: 'the app' },
  service: { dir: 'dist-server', args: ['build', '--config', 'vite.service.config.ts'], what: 'the service' },
};

/** The parts of the tree under `root` that need building: missing, or built from other sources. */
export function staleParts(root, parts) {
  const sources = buildId(root);
  return parts.filter((part) => {
    const built = readBuild(join(root, PARTS[part].dir));
    return built === null || (sources !== null && built !== sources);
  });
}

/**
 * Builds what is stale (or everything, with `rebuild`). Without the build tools (`npm ci --omit=dev`), a stale
 * tree is not run: the message says how to build it. Exits the process on failure.
 */
export function ensureBuilt(root, { parts, rebuild = false }) {
  const todo = rebuild ? parts : staleParts(root, parts);
  if (todo.length === 0) return;
  const names = todo.map((part) => PARTS[part].what).join(' and ');
  const vite = join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (!existsSync(vite)) {
    console.error(
      `Cannot start: ${names} ${todo.length > 1 ? 'are' : 'is'} not built from the sources in this tree, and the ` +
        'build tools are not installed (npm ci --omit=dev leaves them out). Build where they are ' +
        '(npm ci && npm run build) and bring dist/ and dist-server/ along.',
    );
    process.exit(1);
  }
  for (const part of todo) {
    console.log(`Building ${PARTS[part].what} (vite ${PARTS[part].args.join(' ')})…`);
    const build = spawnSync(process.execPath, [vite, ...PARTS[part].args], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) {
      console.error(`The build of ${PARTS[part].what} failed; see above.`);
      process.exit(build.status ?? 1);
    }
  }
}
