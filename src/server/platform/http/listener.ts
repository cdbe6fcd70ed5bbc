import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { errorLine } from './access-log';
import { PlainResponse } from './plain-response';

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

/** Writes one of the service's own answers: its headers as they are, in one writeHead, and its body. */
function writePlain(answer: PlainResponse, res: ServerResponse): void {
  const fields = answer.headers.toNode();
  // Without a length node would send the body chunked: its header is written before end() sees the body.
  if (!answer.headers.has('content-length') && answer.status !== 204 && answer.status !== 304) {
    fields.push('content-length', String(Buffer.byteLength(answer.content)));
  }
  res.writeHead(answer.status, fields);
  res.end(answer.content);
}

/**
 * @hono/node-server's listener, made safe to run in a server: it writes an answer it has at once outside its own
 * try, so an answer node refuses to write (an invalid header) rejects a promise nobody awaits, which ends the
 * process. Here any such failure costs that one request only.
 *
 * The service's own answers (PlainResponse) are written here, as node:http takes them, and the adapter is told
 * they are sent: its own way would turn their headers into a standard Headers and, for an answer a middleware
 * added a header to, their body into a stream. Any other answer (files, pages, Hono's own) is the adapter's to
 * write, streamed or not.
 *
 * They are written at the end of the event loop's turn (setImmediate), all those made in it one after the other,
 * rather than each as it is made: a client waiting in epoll is woken by the first and finds the others there,
 * instead of being woken (and, on a virtual machine, sent an interrupt) once per answer. Under load that was a
 * third of the service's kernel time (docs/performance.md); an answer waits at most for the rest of its turn.
 */
export function createListener(
  app: { fetch: (request: Request, env: HttpBindings) => Response | Promise<Response> },
  options: ListenerOptions,
): RequestListener {
  // The answers made in one turn of the event loop, written together at its end (see createListener's note).
  let ready: Array<{ answer: PlainResponse; env: HttpBindings }> = [];
  const writeReady = (): void => {
    const now = ready;
    ready = [];
    for (const { answer, env } of now) {
      try {
        writePlain(answer, env.outgoing);
      } catch (error) {
        failed(env.incoming, env.outgoing, error, options.log);
      }
    }
  };
  const sent = (answer: Response, env: HttpBindings): Response => {
    if (!(answer instanceof PlainResponse)) return answer;
    if (ready.length === 0) setImmediate(writeReady);
    ready.push({ answer, env });
    return RESPONSE_ALREADY_SENT;
  };
  const listener = getRequestListener(
    (request, bindings) => {
      // A node:http server (http/http-server.ts), not HTTP/2.
      const env = bindings as HttpBindings;
      const answer = app.fetch(request, env);
      return answer instanceof Promise ? answer.then((ready) => sent(ready, env)) : sent(answer, env);
    },
    { hostname: options.hostname },
  );
  return (req, res) => {
    listener(req, res).catch((error: unknown) => failed(req, res, error, options.log));
  };
}
