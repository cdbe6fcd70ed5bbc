import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';
import type { Settings } from '../../../api/settings';
import { renderPage } from './app-page';
import { builtFiles } from './built-files';
import { compression } from './compression';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notBuilt(c: Context): Response {
  return c.text(
    'The app is not built yet: run `npm run build` (npm start does it for you), then reload.',
    503,
    { 'Cache-Control': 'no-store' },
  );
}

const notFound = (c: Context): Response => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

export interface PageOptions {
  /** What the app needs to start, as /api/settings answers it at this moment (now, or once the store has said);
   *  undefined when it cannot be known now (the database away): the page goes as built, and the app asks. */
  settings: () => Settings | undefined | Promise<Settings | undefined>;
  tileUrl: string;
}

/** index.html as built, read again only when the file changes (a build made while the service runs). */
function builtPage(index: string): () => string | undefined {
  let cached: { mtimeMs: number; html: string } | undefined;
  return () => {
    if (!existsSync(index)) return undefined;
    const { mtimeMs } = statSync(index);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(index, 'utf8') };
    return cached.html;
  };
}

/**
 * The built app: files as the build left them (the small ones from memory, src/server/platform/http/built-files.ts), brotli or gzip from the `.br`/`.gz` the build wrote beside them
 * (scripts/precompress.mjs); hashed assets immutable, everything else revalidated. Any other path is one of
 * the app's own routes and gets the page: index.html with the settings in it (src/server/platform/http/app-page.ts),
 * compressed as it goes.
 */
export function staticRoutes(app: Hono, staticDir: string | null, page: PageOptions): void {
  if (staticDir === null) {
    app.get('*', (c) => c.text('Not found', 404));
    return;
  }
  const index = join(staticDir, 'index.html');
  const html = builtPage(index);
  const served = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context): void => void served.set(c, path);
  /* serveStatic adds Vary only when it sends a compressed file; a cache must also know that the plain answer
     to a client without brotli or gzip is not the only one. */
  const vary = <T>(c: Context, res: T): T => {
    const path = served.get(c);
    if (
      res instanceof Response &&
      path !== undefined &&
      !res.headers.has('Vary') &&
      existsSync(`${path}.gz`)
    ) {
      res.headers.set('Vary', 'Accept-Encoding');
    }
    return res;
  };
  const sendPage = (c: Context): Response | Promise<Response> => {
    const built = html();
    if (built === undefined) return notBuilt(c);
    const settings = page.settings();
    const render = (now: Settings | undefined) =>
      c.html(now === undefined ? built : renderPage(built, now, page.tileUrl), 200, {
        'Cache-Control': 'no-cache',
      });
    return settings instanceof Promise ? settings.then(render) : render(settings);
  };
  const small = builtFiles(staticDir);
  // Made on first use: serveStatic complains at once about a root that does not exist yet.
  let files: ReturnType<typeof serveStatic> | undefined;
  app.get('/', compression(), sendPage);
  app.get('*', async (c, next) => {
    // Checked on each request so that a build made while the service runs is picked up.
    if (!existsSync(index)) return notBuilt(c);
    const cacheControl = c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache';
    const kept = small(c.req.path, c.req.header('Accept-Encoding'), cacheControl);
    if (kept !== undefined) return kept;
    // Set before serving: serveStatic builds its response from the headers set so far.
    c.header('Cache-Control', cacheControl);
    files ??= serveStatic({ root: staticDir, precompressed: true, onFound });
    return vary(c, await files(c, next));
  });
  app.get('*', compression(), (c) => {
    const last = c.req.path.split('/').pop() ?? '';
    // A missing file (an asset, a favicon) is a 404; every other path is one of the app's own routes.
    if (c.req.path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(last)) return notFound(c);
    return sendPage(c);
  });
}
