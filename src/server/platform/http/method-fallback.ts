import type { Handler, Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { problem } from './api-answer';

/** The methods each path of `app` answers (GET brings HEAD), from its routes. */
function methodsByPath(app: Hono): TrieRouter<string[]> {
  const byPath = new Map<string, Set<string>>();
  for (const route of app.routes) {
    if (route.method === 'ALL' || route.method === 'HEAD') continue;
    const methods = byPath.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    byPath.set(route.path, methods);
  }
  const router = new TrieRouter<string[]>();
  for (const [path, methods] of byPath) router.add('ALL', path, [...methods]);
  return router;
}

/**
 * The last route of an API (`app`, mounted at `mount`): 405 with `Allow` when the path is one of its routes' and the
 * method is not, else 404. Hono's methodNotAllowed middleware does the same from around every request, answered or
 * not, which costs each answer a promise and a turn of the microtask queue; here only the requests no route took pay.
 */
export function notFoundOrNotAllowed(app: Hono, mount: string): Handler {
  let router: TrieRouter<string[]> | undefined;
  return (c) => {
    router ??= methodsByPath(app);
    const path = c.req.path.startsWith(`${mount}/`) ? c.req.path.slice(mount.length) : c.req.path;
    const methods = [...new Set(router.match('ALL', path)[0].flatMap(([allowed]) => allowed))];
    if (methods.length === 0 || methods.includes(c.req.method)) {
      return problem(c, { status: 404, code: 'not-found', message: 'No such API path.' });
    }
    const message = `${c.req.method} is not allowed here; use ${methods.join(' or ')}.`;
    return problem(c, { status: 405, code: 'method-not-allowed', message, allow: methods.join(', ') });
  };
}
