import type { MiddlewareHandler } from 'hono';

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function clip(text: string, max = 200): string {
  // eslint-disable-next-line no-control-regex
  const clean = CONTROL.test(text) ? text.replace(/[\u0000-\u001f\u007f]/g, '?') : text;
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** One line per request: method, path (never the query string: it carries the keys), status, milliseconds. */
export function accessLog(log: (line: string) => void): MiddlewareHandler {
  return async (c, next) => {
    const started = performance.now();
    await next();
    log(`${c.req.method} ${clip(c.req.path)} ${c.res.status} ${(performance.now() - started).toFixed(1)}ms`);
  };
}

export function errorLine(method: string, path: string, error: unknown): string {
  const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
  return `error ${method} ${clip(path)}: ${clip(detail, 2000)}`;
}
