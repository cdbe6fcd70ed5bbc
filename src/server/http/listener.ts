import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { errorLine } from './access-log';

export interface ListenerOptions {
  hostname: string;
  log: (line: string) => void;
}

/** What is left to do when an answer could not be written: a plain 500 if nothing was sent yet, else hang up. */
function failed(
  req: IncomingMessage,
  res: ServerResponse,
  error: unknown,
  log: (line: string) => void,
): void {
  log(errorLine(req.method ?? '?', (req.url ?? '').split('?')[0] ?? '', error));
  try {
    if (!res.headersSent) {
      const body = 'Something went wrong in the service.\n';
      res.writeHead(500, {
        'Content-Type': 'text/plain; charset=utf-8',
        'Content-Length': Buffer.byteLength(body),
        'Cache-Control': 'no-store',
        'X-Content-Type-Options': 'nosniff',
        'Content-Security-Policy': "default-src 'none'; sandbox",
      });
      res.end(body);
      return;
    }
  } catch {
    // Even the plain answer could not be written: hang up below.
  }
  res.destroy();
}

/**
 * @hono/node-server's listener, made safe to run in a server: it writes an answer it has at once outside its own
 * try, so an answer node refuses to write (an invalid header) rejects a promise nobody awaits, which ends the
 * process. Here any such failure costs that one request only.
 */
export function createListener(
  app: { fetch: (request: Request) => Response | Promise<Response> },
  options: ListenerOptions,
): RequestListener {
  const listener = getRequestListener(app.fetch, { hostname: options.hostname });
  return (req, res) => {
    listener(req, res).catch((error: unknown) => failed(req, res, error, options.log));
  };
}
