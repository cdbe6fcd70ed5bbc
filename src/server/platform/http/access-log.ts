import type { Context, MiddlewareHandler } from 'hono';

// C0, DEL, C1 and the line separators: a log line stays one line, and a terminal shows it as it is.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Text for a log line: controls and line separators as `?`, at most `max` characters. */
export function clip(text: string, max = 200): string {
  // Tested first: most paths hold none, and replace() would copy them all.
  const clean = CONTROL.test(text) ? text.replace(CONTROLS, '?') : text;
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/* An answer a handler wrote to the Node response itself (the OpenID provider's) is marked so; its status is there. */
function statusOf(c: Context): number {
  if (!c.res.headers.has('x-hono-already-sent')) return c.res.status;
  return (c.env as { outgoing?: { statusCode: number } } | undefined)?.outgoing?.statusCode ?? c.res.status;
}

/** One line per request: method, path (never the query string: it carries the keys), status, milliseconds. */
export function accessLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log(`${c.req.method} ${clip(c.req.path)} ${statusOf(c)} ${(performance.now() - started).toFixed(1)}ms`);
  };
}

export function errorLine(method: string, path: string, error: unknown): string {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `error ${method} ${clip(path)}: ${clip(detail, 2000)}`;
}
