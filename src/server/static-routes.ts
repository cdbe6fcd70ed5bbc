import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, Hono } from 'hono';

const IMMUTABLE = 'public, max-age=31536000, immutable';

function notBuilt(c: Context): Response {
  return c.text(
    'The app is not built yet: run `npm run build` (npm start does it for you), then reload.',
    503,
    { 'Cache-Control': 'no-store' },
  );
}

const notFound = (c: Context): Response => c.text('Not found', 404, { 'Cache-Control': 'no-store' });

/**
 * The built app: files as the build left them, brotli or gzip from the `.br`/`.gz` the build wrote beside them
 * (scripts/precompress.mjs); hashed assets immutable, everything else revalidated; any other path is one of
 * the app's own routes and gets index.html.
 */
export function staticRoutes(app: Hono, staticDir: string | null): void {
  if (staticDir === null) {
    app.get('*', (c) => c.text('Not found', 404));
    return;
  }
  const index = join(staticDir, 'index.html');
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
  // Made on first use: serveStatic complains at once about a root that does not exist yet.
  let files: ReturnType<typeof serveStatic> | undefined;
  const page = serveStatic({ path: index, precompressed: true, onFound });
  app.get('*', async (c, next) => {
    // Checked on each request so that a build made while the service runs is picked up.
    if (!existsSync(index)) return notBuilt(c);
    // Set before serving: serveStatic builds its response from the headers set so far.
    c.header('Cache-Control', c.req.path.startsWith('/assets/') ? IMMUTABLE : 'no-cache');
    files ??= serveStatic({ root: staticDir, precompressed: true, onFound });
    return vary(c, await files(c, next));
  });
  app.get('*', async (c, next) => {
    const last = c.req.path.split('/').pop() ?? '';
    // A missing file (an asset, a favicon) is a 404; every other path is one of the app's own routes.
    if (c.req.path.startsWith('/assets/') || /\.[A-Za-z0-9]{1,8}$/.test(last)) return notFound(c);
    c.header('Cache-Control', 'no-cache');
    return vary(c, await page(c, next)) ?? notFound(c);
  });
}
