import { readFileSync } from 'node:fs';

declare const __CELLPOS_VERSION__: string | undefined;

/* Built (dist-server/), the version is stamped in by the build (scripts/build-info.mjs): the built file sits
   elsewhere than its source, so a path from it to package.json would miss. From the sources, it is read. */
function version(): string {
  const found =
    typeof __CELLPOS_VERSION__ === 'string'
      ? __CELLPOS_VERSION__
      : (
          JSON.parse(readFileSync(new URL('../../../../package.json', import.meta.url), 'utf8')) as {
            version?: unknown;
          }
        ).version;
  return typeof found === 'string' && /^\d+\.\d+/.test(found) ? found : '0.0.0';
}

/** How the service names itself to the sources it asks (read once). */
export const USER_AGENT = `Cellpos/${version()}`;
