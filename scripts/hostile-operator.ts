// A stand-in operator that misbehaves on purpose, for the proxy's tests and the browser tests.
// Run: node --import tsx scripts/hostile-operator.ts [port]   (HOSTILE_PORT also works; 0 picks a free port)
// The Cell read's cellid picks the behaviour (see CASES); /stats/<cellid> tells how each case's requests went.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';

export const BASE_PATH = '/op';
export const HUGE_BYTES = 20 * 1024 * 1024;

/** The hostile cases, by cellid modulo 100 (so parallel tests can use cells of their own), any MCC and MNC. */
export const CASES = {
  ok: 1,
  truncated: 2,
  html200: 3,
  empty200: 4,
  wrongRoot: 5,
  missingField: 6,
  latOutOfRange: 7,
  lonNotNumber: 8,
  entityBomb: 9,
  externalEntity: 10,
  huge: 11,
  error500: 12,
  error503: 13,
  tooMany: 14,
  never: 15,
  dropped: 16,
  slow: 17,
  fast: 18,
  // Content that would run if it were served from the app's origin (where the keys are stored).
  htmlScript: 19,
  svgScript: 20,
  jsScript: 21,
  xhtmlAsXml: 22,
} as const;

/** What the script cases do when they run: the browser tests look for it. */
export const OWNED = 'owned';
const STEAL = `document.title = '${OWNED}:' + Object.keys(localStorage).length + Object.keys(sessionStorage).length`;

export type CaseName = keyof typeof CASES;

export interface CaseStats {
  requests: number;
  /** Requests whose client went away before the whole answer was sent. */
  aborted: number;
  answered: number;
  bytesSent: number;
}

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function cellXml(
  cellid: string,
  fields: Partial<Record<'lat' | 'lon' | 'name', string>> = {},
  omit?: string,
): string {
  const values: Record<string, string> = {
    lat: fields.lat ?? '60.316391',
    lon: fields.lon ?? '20.994058',
    mcc: '244',
    mnc: '91',
    lac: '0',
    cellid,
    name: fields.name ?? `Stub cell ${cellid}`,
  };
  const body = Object.entries(values)
    .filter(([name]) => name !== omit)
    .map(([name, value]) => `<${name}>${value}</${name}>`)
    .join('');
  return `${DECLARATION}<cell>${body}</cell>`;
}

function cellJson(cellid: string, name: string): string {
  return JSON.stringify({
    cell: { lat: '60.316391', lon: '20.994058', mcc: '244', mnc: '91', lac: '0', cellid, name },
  });
}

const BOMB =
  `${DECLARATION}<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">` +
  `<!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">` +
  `<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>` +
  `<cell><lat>60.1</lat><lon>20.9</lon><mcc>244</mcc><mnc>91</mnc><lac>0</lac><cellid>9</cellid><name>&lol3;</name></cell>`;

const EXTERNAL =
  `${DECLARATION}<!DOCTYPE cell [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>` +
  `<cell><lat>60.1</lat><lon>20.9</lon><mcc>244</mcc><mnc>91</mnc><lac>0</lac><cellid>10</cellid><name>&xxe;</name></cell>`;

/** Starts the operator; resolves with its port and a way to stop it. */
export async function startHostileOperator(
  port = 0,
  host = '127.0.0.1',
): Promise<{ port: number; baseUrl: string; stats: Map<number, CaseStats>; close: () => Promise<void> }> {
  const stats = new Map<number, CaseStats>();
  const statsOf = (cellid: number): CaseStats => {
    let entry = stats.get(cellid);
    if (entry === undefined) {
      entry = { requests: 0, aborted: 0, answered: 0, bytesSent: 0 };
      stats.set(cellid, entry);
    }
    return entry;
  };

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const url = new URL(req.url ?? '/', 'http://operator');
    const json = req.headers.accept === 'application/json';
    const type = json ? 'application/json' : 'application/xml';
    const statsPath = /^\/stats\/(\d+)$/.exec(url.pathname);
    if (statsPath !== null) {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify(statsOf(Number(statsPath[1]))));
    }
    if (url.pathname === '/health') return void res.end('ok');
    if (url.pathname === `${BASE_PATH}/location`) {
      res.writeHead(200, { 'Content-Type': 'text/html' });
      return void res.end('<!doctype html><html><body><h1>Operator portal</h1></body></html>');
    }
    const cell = new RegExp(`^${BASE_PATH}/cell/(\\d+)/(\\d+)/(\\d+)$`).exec(url.pathname);
    if (cell === null) {
      res.writeHead(404, { 'Content-Type': 'text/plain' });
      return void res.end('Not Found');
    }
    const cellid = cell[3] ?? '0';
    const entry = statsOf(Number(cellid));
    entry.requests++;
    let finished = false;
    res.on('finish', () => {
      finished = true;
      entry.answered++;
    });
    res.on('close', () => {
      if (!finished) entry.aborted++;
    });
    const send = (
      status: number,
      contentType: string,
      body: string,
      headers: Record<string, string> = {},
    ): void => {
      const bytes = Buffer.from(body, 'utf8');
      entry.bytesSent += bytes.byteLength;
      res.writeHead(status, {
        'Content-Type': contentType,
        'Content-Length': String(bytes.byteLength),
        ...headers,
      });
      res.end(bytes);
    };

    switch (Number(cellid) % 100) {
      case CASES.ok:
      case CASES.fast:
        return json
          ? send(200, type, cellJson(cellid, `Stub cell ${cellid}`))
          : send(200, type, cellXml(cellid));
      case CASES.truncated:
        return send(200, 'application/xml', cellXml(cellid).slice(0, 90));
      case CASES.html200:
        return send(200, 'text/html', '<!doctype html><html><body><h1>Please log in</h1></body></html>');
      case CASES.empty200:
        return send(200, 'application/xml', '');
      case CASES.wrongRoot:
        return send(200, 'application/xml', cellXml(cellid).replace(/<(\/?)cell>/g, '<$1station>'));
      case CASES.missingField:
        return send(200, 'application/xml', cellXml(cellid, {}, 'lat'));
      case CASES.latOutOfRange:
        return send(200, 'application/xml', cellXml(cellid, { lat: '123.456789' }));
      case CASES.lonNotNumber:
        return send(200, 'application/xml', cellXml(cellid, { lon: 'east' }));
      case CASES.entityBomb:
        return send(200, 'application/xml', BOMB);
      case CASES.externalEntity:
        return send(200, 'application/xml', EXTERNAL);
      case CASES.huge: {
        res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': String(HUGE_BYTES) });
        const chunk = Buffer.alloc(64 * 1024, 'x');
        let sent = 0;
        const pump = (): void => {
          while (sent < HUGE_BYTES && !res.destroyed) {
            sent += chunk.byteLength;
            entry.bytesSent += chunk.byteLength;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          if (!res.destroyed) res.end();
        };
        return pump();
      }
      case CASES.error500:
        return send(500, 'text/plain', 'Internal Server Error: database connection lost');
      case CASES.error503:
        return send(
          503,
          'text/html',
          '<!doctype html><html><body><h1>503 Service Unavailable</h1><p>Maintenance</p></body></html>',
        );
      case CASES.tooMany:
        return send(429, 'text/plain', 'Too Many Requests', { 'Retry-After': '7' });
      case CASES.htmlScript:
      case CASES.svgScript: {
        // The script is the jsScript case of the same hundred, fetched through the same proxy: 'self' to a CSP.
        const src = `${Number(cellid) + CASES.jsScript - (Number(cellid) % 100)}?serviceKey=k&amp;userKey=u`;
        return Number(cellid) % 100 === CASES.htmlScript
          ? send(
              200,
              'text/html',
              `<!doctype html><title>Operator</title><h1>Operator portal</h1><script src="${src}"></script>`,
            )
          : send(
              200,
              'image/svg+xml',
              `<svg xmlns="http://www.w3.org/2000/svg"><title>Operator</title><script href="${src}"/></svg>`,
            );
      }
      case CASES.jsScript:
        return send(200, 'text/javascript', `${STEAL};`);
      case CASES.xhtmlAsXml:
        return send(
          200,
          'application/xml',
          `<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Operator</title></head><body><script>${STEAL}</script></body></html>`,
        );
      case CASES.never:
        return;
      case CASES.dropped: {
        const part = cellXml(cellid).slice(0, 60);
        res.writeHead(200, { 'Content-Type': 'application/xml', 'Content-Length': '400' });
        entry.bytesSent += part.length;
        res.write(part);
        setTimeout(() => res.destroy(), 50).unref();
        return;
      }
      case CASES.slow: {
        // Answers once the next cell has been asked for and answered, as a superseded read would arrive late, and
        // never on a clock of its own: a busy machine decides nothing. Whoever gives up first (the caller, or the
        // proxy at its timeout) closes it, and the stats say so.
        const answer = (): void =>
          json
            ? send(200, type, cellJson(cellid, 'Late answer'))
            : send(200, type, cellXml(cellid, { name: 'Late answer' }));
        const next = Number(cellid) + 1;
        const timer = setInterval(() => {
          if ((stats.get(next)?.answered ?? 0) > 0) {
            clearInterval(timer);
            setTimeout(() => !res.destroyed && answer(), 300).unref();
          }
        }, 25);
        res.on('close', () => clearInterval(timer));
        return;
      }
      default:
        return send(404, 'text/plain', 'Not Found');
    }
  }

  const server: Server = createServer(handle);
  await new Promise<void>((done) => server.listen(port, host, done));
  const actual = (server.address() as AddressInfo).port;
  return {
    port: actual,
    baseUrl: `http://${host}:${actual}${BASE_PATH}`,
    stats,
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const port = Number(process.argv[2] ?? process.env.HOSTILE_PORT ?? 0);
  const operator = await startHostileOperator(port);
  console.log(`Hostile operator: ${operator.baseUrl}`);
  const stop = (): void => void operator.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
