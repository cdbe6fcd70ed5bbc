// OpenCelliD's `cell/get` and `ocid/downloads`, as its wiki and the exports behave (sources.md), traps included:
// "cell not found" as HTTP 200, numbers as strings, a LAC-area answer with cellid -1, lat/lon 0, error pages, and
// answers no field of which may be trusted blindly (a time 1e20, a LAC of 1.5 or 1e300 or another than asked, a
// range of 1e10, another operator's cell, samples as words, another radio).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';

export const OPENCELLID_KEY = 'stand-in-opencellid-key';

/** Cells it knows, by mcc/mnc/lac/cellid. */
export const OPENCELLID_CELLS = {
  helsinki: { mcc: 244, mnc: 91, lac: 6001, cellid: 20500001, radio: 'LTE', lat: 60.1699, lon: 24.9384 },
  /** Answered with every number as a string. */
  turku: { mcc: 244, mnc: 91, lac: 6001, cellid: 20500002, radio: 'UMTS', lat: 60.4518, lon: 22.2666 },
  /** mnc 5: asked as "05" by the app, as 5 by the service. */
  oulu: { mcc: 244, mnc: 5, lac: 3030, cellid: 4001, radio: 'GSM', lat: 65.0121, lon: 25.4651 },
} as const;

/** Behaviours picked by cellid, whatever the mcc, mnc and LAC. */
export const OPENCELLID_CASES = {
  notFound404: 20590001,
  zeroPosition: 20590002,
  noLat: 20590003,
  lacFallback: 20590004,
  tooMany: 20590005,
  dailyLimit: 20590006,
  serverError: 20590007,
  htmlPage: 20590008,
  slow: 20590009,
  garbage: 20590010,
  xml: 20590011,
  whitelist: 20590012,
  outOfRange: 20590013,
  /** Answers that must never be used or kept: each breaks one field's rule. */
  updatedFar: 20590014,
  lacFraction: 20590015,
  lacHuge: 20590016,
  rangeHuge: 20590017,
  otherLac: 20590018,
  otherMcc: 20590019,
  samplesText: 20590020,
  otherRadio: 20590021,
} as const;

/** How long the slow case waits before it answers (longer than any timeout the tests set). */
export const SLOW_ANSWER_MS = 20_000;

const HEADER = 'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal';

/** The per-country exports: 244 with the header line, 248 without, 246 broken off mid-file. */
export const EXPORT_ROWS: Record<string, string[]> = {
  '244': [
    'LTE,244,91,6001,20500001,12,24.9384,60.1699,1200,37,1,1459814400,1700000000,-95',
    'UMTS,244,91,6001,20500002,300,22.2666,60.4518,2500,12,1,1459814400,1690000000,0',
    'GSM,244,5,3030,4001,0,25.4651,65.0121,5000,3,1,1459814400,1680000000,0',
    'LTE,244,91,6001,20500001,12,24.9390,60.1700,1500,5,1,1459814400,1600000000,-90',
    'NR,244,12,110,105217,1,24.6559,60.2055,300,8,1,1600000000,1710000000,-80',
  ],
  '248': [
    'LTE,248,1,100,123456,5,24.7536,59.4370,800,20,1,1459814400,1700000000,-100',
    'GSM,248,2,200,5555,0,26.7290,58.3780,3000,4,1,1459814400,1700000000,0',
  ],
  '246': Array.from(
    { length: 4000 },
    (_, i) =>
      `LTE,246,1,${100 + (i % 50)},${700000 + i},1,25.2797,54.6872,1000,${1 + (i % 9)},1,1459814400,1700000000,-90`,
  ),
};

/** MCCs whose download answers as the endpoint does when a token has used its downloads. */
export const RATE_LIMITED_MCC = '901';
/** The MCC whose export breaks off in the middle of the gzip stream. */
export const BROKEN_MCC = '246';

function exportFile(file: string): Buffer | undefined {
  if (file === 'cell_towers.csv.gz') {
    return gzipSync(`${HEADER}\r\n${[...EXPORT_ROWS['244']!, ...EXPORT_ROWS['248']!].join('\r\n')}\r\n`);
  }
  const mcc = /^(\d{3})\.csv\.gz$/.exec(file)?.[1];
  const rows = mcc === undefined ? undefined : EXPORT_ROWS[mcc];
  if (rows === undefined) return undefined;
  const text = mcc === '248' ? `${rows.join('\n')}\n` : `${HEADER}\n${rows.join('\n')}\n`;
  return gzipSync(text);
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

function cellAnswer(id: number, query: URLSearchParams): unknown {
  const known = Object.values(OPENCELLID_CELLS).find(
    (cell) =>
      String(cell.mcc) === query.get('mcc') &&
      String(cell.mnc) === query.get('mnc') &&
      String(cell.lac) === query.get('lac') &&
      cell.cellid === id &&
      (query.get('radio') === null || query.get('radio') === cell.radio),
  );
  if (known === undefined) return undefined;
  const base = { mcc: known.mcc, mnc: known.mnc, lac: known.lac, cellid: known.cellid, radio: known.radio };
  if (known === OPENCELLID_CELLS.turku) {
    return { ...base, lat: '60.4518', lon: '22.2666', range: '2500', samples: '12', cellid: '20500002' };
  }
  const samples = known === OPENCELLID_CELLS.helsinki ? 37 : 3;
  const range = known === OPENCELLID_CELLS.helsinki ? 1200 : 5000;
  return {
    ...base,
    lat: known.lat,
    lon: known.lon,
    range,
    samples,
    changeable: 1,
    averageSignalStrength: -95,
  };
}

/** A well-formed answer for the asked cell with one field no real answer could hold. */
function untrustworthy(cellid: number, query: URLSearchParams): Record<string, unknown> {
  const C = OPENCELLID_CASES;
  const asked = {
    mcc: Number(query.get('mcc')),
    mnc: Number(query.get('mnc')),
    lac: Number(query.get('lac')),
    cellid,
    radio: query.get('radio') ?? 'LTE',
    lat: 60.17,
    lon: 24.94,
    range: 900,
    samples: 4,
    updated: 1700000000,
  };
  const broken: Record<number, Record<string, unknown>> = {
    [C.updatedFar]: { updated: 1e20 },
    [C.lacFraction]: { lac: 1.5 },
    [C.lacHuge]: { lac: 1e300 },
    [C.rangeHuge]: { range: 1e10 },
    [C.otherLac]: { lac: asked.lac + 1 },
    [C.otherMcc]: { mcc: asked.mcc === 244 ? 245 : 244 },
    [C.samplesText]: { samples: 'many' },
    [C.otherRadio]: { radio: asked.radio === 'GSM' ? 'LTE' : 'GSM' },
  };
  return { ...asked, ...broken[cellid] };
}

/** `GET /cell/get?key=&mcc=&mnc=&lac=&cellid=[&radio=]&format=json`. */
function cellGet(query: URLSearchParams, res: ServerResponse): void {
  if (query.get('key') !== OPENCELLID_KEY) return json(res, 401, { error: 'Invalid API key', code: 2 });
  if (query.get('format') !== 'json') {
    res.writeHead(200, { 'Content-Type': 'text/xml' });
    return void res.end(
      '<?xml version="1.0"?><rsp stat="fail"><err info="format must be json" code="3"/></rsp>',
    );
  }
  const cellid = Number(query.get('cellid'));
  const C = OPENCELLID_CASES;
  switch (cellid) {
    case C.notFound404:
      return json(res, 404, { error: 'Cell not found', code: 1 });
    case C.zeroPosition:
      return json(res, 200, { lat: 0, lon: 0, mcc: 244, mnc: 91, lac: 6001, cellid, range: 0, samples: 0 });
    case C.noLat:
      return json(res, 200, { lon: 24.9, mcc: 244, mnc: 91, lac: 6001, cellid, range: 100 });
    case C.lacFallback:
      return json(res, 200, { lat: 60.2, lon: 24.9, mcc: 244, mnc: 91, lac: 6001, cellid: -1, range: 20000 });
    case C.tooMany:
      return json(res, 429, { error: 'Too many requests', code: 6 }, { 'Retry-After': '30' });
    case C.dailyLimit:
      return json(res, 200, { error: 'Daily limit exceeded', code: 7 });
    case C.serverError:
      return json(res, 500, { error: 'Server error', code: 5 });
    case C.whitelist:
      return json(res, 403, { error: 'Your API key must be whitelisted', code: 4 });
    case C.outOfRange:
      return json(res, 200, { lat: 123.4, lon: 24.9, mcc: 244, mnc: 91, lac: 6001, cellid, range: 10 });
    case C.updatedFar:
    case C.lacFraction:
    case C.lacHuge:
    case C.rangeHuge:
    case C.otherLac:
    case C.otherMcc:
    case C.samplesText:
    case C.otherRadio:
      return json(res, 200, untrustworthy(cellid, query));
    case C.htmlPage:
      res.writeHead(502, { 'Content-Type': 'text/html' });
      return void res.end('<!DOCTYPE html><html><body><h1>502 Bad Gateway</h1></body></html>');
    case C.garbage:
      res.writeHead(200, { 'Content-Type': 'application/json' });
      return void res.end('{"lat": 60.17, "lon": 24.9');
    case C.xml:
      res.writeHead(200, { 'Content-Type': 'application/xml' });
      return void res.end('<?xml version="1.0"?><rsp stat="ok"><cell lat="60.1" lon="24.9"/></rsp>');
    case C.slow: {
      const timer = setTimeout(() => json(res, 200, { lat: 60.1, lon: 24.9, cellid }), SLOW_ANSWER_MS);
      return void res.on('close', () => clearTimeout(timer));
    }
  }
  const found = cellAnswer(cellid, query);
  return found === undefined ? json(res, 200, { error: 'Cell not found', code: 1 }) : json(res, 200, found);
}

/** `GET /ocid/downloads?token=&type=mcc|full&file=`: gzip, or an error as a small JSON body with HTTP 200. */
function downloads(query: URLSearchParams, res: ServerResponse, broken: Set<ServerResponse>): void {
  if (query.get('token') !== OPENCELLID_KEY)
    return json(res, 200, { status: 'error', message: 'INVALID_TOKEN' });
  const file = query.get('file') ?? '';
  const type = query.get('type');
  if (type === 'mcc' && file === `${RATE_LIMITED_MCC}.csv.gz`) {
    return json(res, 200, { status: 'error', message: 'RATE_LIMITED' });
  }
  const body = (type === 'mcc' || type === 'full') && exportFile(file);
  if (!body) {
    res.writeHead(404, { 'Content-Type': 'text/html' });
    return void res.end('<!DOCTYPE html><html><body><h1>File not found</h1></body></html>');
  }
  res.writeHead(200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${file}"`,
    'Content-Length': String(body.byteLength),
  });
  if (file === `${BROKEN_MCC}.csv.gz`) {
    // Half the file, and the connection breaks off when the test says (StandIns.breakOffDownloads), at a point it
    // chooses: a break a time after the half was sent came, on a busy machine, before the importer read any of it.
    res.write(body.subarray(0, Math.floor(body.byteLength / 2)));
    broken.add(res);
    return void res.on('close', () => broken.delete(res));
  }
  res.end(body);
}

/**
 * Answers a request under the stand-in's prefix (`path` without it); false when the path is not OpenCelliD's. The
 * broken export's answers wait in `broken`, half sent, for their break.
 */
export function handleOpenCellid(
  path: string,
  url: URL,
  _req: IncomingMessage,
  res: ServerResponse,
  broken: Set<ServerResponse>,
): boolean {
  if (path === '/cell/get') cellGet(url.searchParams, res);
  else if (path === '/ocid/downloads') downloads(url.searchParams, res, broken);
  else return false;
  return true;
}
