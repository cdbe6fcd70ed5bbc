// Stand-ins for the public cell sources, on one port, for the unit tests (in process) and the browser tests
// (playwright.config.ts starts it). No test ever asks the real services.
//   OpenCelliD:  ${url}/opencellid          (cell/get, ocid/downloads)   scripts/stand-ins/opencellid.ts
//   geolocate:   ${url}/geolocate/v1/geolocate                          scripts/stand-ins/geolocate.ts
// Run: node --import tsx scripts/stand-in-sources.ts [port]
// GET /requests?cellid=N tells how many lookups of that cell each stand-in has answered.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { handleGeolocate } from './stand-ins/geolocate';
import { handleOpenCellid } from './stand-ins/opencellid';

/** One request a stand-in answered, as a test may want to check it (keys replaced by •••). */
export interface SeenRequest {
  source: 'opencellid' | 'geolocate';
  method: string;
  /** Path and query, the key masked. */
  url: string;
  userAgent: string;
  body: string;
  cellid: number | undefined;
}

export interface StandIns {
  port: number;
  /** OPENCELLID_URL for the service. */
  openCellidUrl: string;
  /** GEOLOCATE_URL for the service. */
  geolocateUrl: string;
  requests: SeenRequest[];
  /** Breaks off the downloads of OpenCelliD's broken export (BROKEN_MCC), each sent half-way and held till now. */
  breakOffDownloads(): void;
  close(): Promise<void>;
}

function cellidOf(source: SeenRequest['source'], url: URL, body: string): number | undefined {
  if (source === 'opencellid') {
    const cellid = url.searchParams.get('cellid');
    return cellid === null ? undefined : Number(cellid);
  }
  try {
    const parsed = JSON.parse(body) as { cellTowers?: Array<{ cellId?: unknown }> };
    const cellId = parsed.cellTowers?.[0]?.cellId;
    return typeof cellId === 'number' ? cellId : undefined;
  } catch {
    return undefined;
  }
}

export async function startStandIns(port = 0, host = '127.0.0.1'): Promise<StandIns> {
  const requests: SeenRequest[] = [];
  const broken = new Set<ServerResponse>();

  function route(req: IncomingMessage, res: ServerResponse, body: string): void {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/health') return void res.end('ok');
    if (url.pathname === '/requests') {
      const cellid = Number(url.searchParams.get('cellid'));
      const count = (source: SeenRequest['source']): number =>
        requests.filter((seen) => seen.source === source && seen.cellid === cellid).length;
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      return void res.end(JSON.stringify({ opencellid: count('opencellid'), geolocate: count('geolocate') }));
    }
    const source = url.pathname.startsWith('/opencellid/')
      ? 'opencellid'
      : url.pathname.startsWith('/geolocate/')
        ? 'geolocate'
        : undefined;
    if (source !== undefined) {
      requests.push({
        source,
        method: req.method ?? 'GET',
        url: `${url.pathname}${url.search}`.replace(/([?&](?:key|token)=)[^&]*/g, '$1•••'),
        userAgent: req.headers['user-agent'] ?? '',
        body,
        cellid: cellidOf(source, url, body),
      });
      const path = url.pathname.slice(source.length + 1);
      const handled =
        source === 'opencellid'
          ? handleOpenCellid(path, url, req, res, broken)
          : handleGeolocate(path, url, req, res, body);
      if (handled) return;
    }
    res.writeHead(404, { 'Content-Type': 'text/plain' });
    res.end('Not Found');
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const actual = (server.address() as AddressInfo).port;
  const base = `http://${host}:${actual}`;
  return {
    port: actual,
    openCellidUrl: `${base}/opencellid`,
    geolocateUrl: `${base}/geolocate/v1/geolocate`,
    requests,
    breakOffDownloads: () => broken.forEach((res) => res.destroy()),
    close: () =>
      new Promise<void>((done) => {
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const standIns = await startStandIns(Number(process.argv[2] ?? 0));
  console.log(`Stand-in sources: ${standIns.openCellidUrl}, ${standIns.geolocateUrl}`);
  const stop = (): void => void standIns.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
