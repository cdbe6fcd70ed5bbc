import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { accessLine, internalError, type ApiAnswer, type KeyParams, type Service } from './app';
import { COMPRESS_THRESHOLD, compressText } from './compress';

/* Only plain requests take the fast path: name=value pairs of unreserved characters (nothing to decode, so
   Hono would read the same values) and path segments of word characters. Anything else goes to Hono. */
const PLAIN_QUERY = /^(?:[\w.~-]+=[\w.~-]*(?:&[\w.~-]+=[\w.~-]*)*)?$/;
const CELL_PATH = /^\/api\/cell\/([\w-]+)\/([\w-]+)\/([\w-]+)$/;
/** The Host values @hono/node-server takes as they are; it checks any other itself. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

function keyParams(query: string): KeyParams {
  const serviceKey: string[] = [];
  const userKey: string[] = [];
  if (query !== '') {
    for (const pair of query.split('&')) {
      const equals = pair.indexOf('=');
      const name = pair.slice(0, equals);
      if (name === 'serviceKey') serviceKey.push(pair.slice(equals + 1));
      else if (name === 'userKey') userKey.push(pair.slice(equals + 1));
    }
  }
  return { serviceKey, userKey };
}

function send(
  service: Service,
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  answer: ApiAnswer,
  started: number,
): void {
  const method = req.method ?? 'GET';
  const headers: Record<string, string> = { ...answer.headers, ...service.securityHeaders };
  let body: string | Buffer = answer.body;
  // As the compression middleware does: only GET, and only an answer of a kilobyte or more.
  if (method === 'GET' && Number(headers['Content-Length']) >= COMPRESS_THRESHOLD) {
    headers['Vary'] = `${headers['Vary'] ?? ''}, Accept-Encoding`;
    const compressed = compressText(Buffer.from(answer.body), req.headers['accept-encoding']);
    if (compressed !== undefined) {
      body = compressed.body;
      headers['Content-Encoding'] = compressed.encoding;
      headers['Content-Length'] = String(compressed.body.byteLength);
    }
  }
  res.writeHead(answer.status, headers);
  res.end(method === 'HEAD' ? undefined : body);
  service.log(accessLine(method, path, answer.status, started));
}

/**
 * Answers the two hot reads (GET or HEAD of the Cell read and the Location read, demo mode) straight from
 * node's request and response, with the same functions, headers, rate limit and log line as the Hono routes;
 * every other request goes to `fallback` (Hono's listener).
 */
export function fastPath(service: Service, fallback: RequestListener): RequestListener {
  const { reads } = service;
  if (reads === undefined) return fallback;
  return (req, res) => {
    const started = performance.now();
    const url = req.url ?? '';
    const host = req.headers.host;
    if (
      (req.method !== 'GET' && req.method !== 'HEAD') ||
      !url.startsWith('/api/') ||
      host === undefined ||
      !PLAIN_HOST.test(host)
    ) {
      fallback(req, res);
      return;
    }
    const mark = url.indexOf('?');
    const path = mark === -1 ? url : url.slice(0, mark);
    const query = mark === -1 ? '' : url.slice(mark + 1);
    const cell = path === '/api/location' ? undefined : CELL_PATH.exec(path);
    if (cell === null || !PLAIN_QUERY.test(query)) {
      fallback(req, res);
      return;
    }
    const accept = req.headers.accept;
    let answer: ApiAnswer;
    try {
      answer =
        cell === undefined
          ? reads.location(keyParams(query), accept)
          : reads.cell(
              { mcc: cell[1] ?? '', mnc: cell[2] ?? '', cellid: cell[3] ?? '' },
              keyParams(query),
              accept,
            );
    } catch (error) {
      answer = internalError(service.log, req.method, path, error, accept);
    }
    send(service, req, res, path, answer, started);
  };
}
