import { jsonObject } from '../../platform/net/json-object';
import { excerpt } from '../../platform/net/safe-text';
import type { CellQuestion, CellSource, SourceResult } from './cell-source';
import { missingFields, secondsToUtcMidnight } from './cell-source';
import { askSource, isHtml, numberOf, optionalNumber, type HttpAnswer, type SourceHttp } from './source-http';

export const DEFAULT_OPENCELLID_URL = 'https://opencellid.org';

export interface OpenCellidSettings {
  /** Without a trailing slash. */
  url: string;
  key: string;
}

/** Too many requests without a Retry-After: a minute. */
const RATE_WAIT_SECONDS = 60;

/**
 * The error codes OpenCelliD documents for its API (wiki, "API"), read from the body whatever the HTTP status says:
 * a "cell not found" may come as 200.
 */
function fromErrorCode(
  code: number,
  message: string,
  answer: HttpAnswer & { ok: true },
  now: number,
): SourceResult {
  const said = `code ${code}${message === '' ? '' : `: ${excerpt(message, 120)}`}`;
  switch (code) {
    case 1:
      return { kind: 'not-found' };
    case 2:
      return { kind: 'failed', failure: 'misconfigured', detail: `refused the key OPENCELLID_KEY (${said})` };
    case 3:
      // Its own checks refuse the question (a LAC of 0, an mnc it does not know): it cannot know the cell.
      return { kind: 'not-found' };
    case 4:
      return { kind: 'failed', failure: 'misconfigured', detail: `the key must be whitelisted (${said})` };
    case 5:
      return { kind: 'failed', failure: 'unavailable', detail: `server error (${said})` };
    case 6:
      return {
        kind: 'failed',
        failure: 'limit',
        detail: `too many requests (${said})`,
        retryAfterSeconds: answer.retryAfterSeconds ?? RATE_WAIT_SECONDS,
      };
    case 7:
      return {
        kind: 'failed',
        failure: 'limit',
        detail: `daily limit reached (${said})`,
        retryAfterSeconds: answer.retryAfterSeconds ?? secondsToUtcMidnight(now),
      };
    default:
      return { kind: 'failed', failure: 'unreadable', detail: `unknown error (${said})` };
  }
}

/** An answer with no error code: by its HTTP status. */
function fromStatus(answer: HttpAnswer & { ok: true }): SourceResult {
  const what = `HTTP ${answer.status}${isHtml(answer) ? ' with an HTML page' : ''}`;
  if (answer.status === 429) {
    return {
      kind: 'failed',
      failure: 'limit',
      detail: `too many requests (${what})`,
      retryAfterSeconds: answer.retryAfterSeconds ?? RATE_WAIT_SECONDS,
    };
  }
  if (answer.status === 401 || answer.status === 403) {
    return { kind: 'failed', failure: 'misconfigured', detail: `refused the request (${what})` };
  }
  if (answer.status >= 500 || isHtml(answer)) {
    return { kind: 'failed', failure: 'unavailable', detail: what };
  }
  return {
    kind: 'failed',
    failure: 'unreadable',
    detail: `answered ${what} that is not OpenCelliD's JSON: ${excerpt(answer.text, 120)}`,
  };
}

const unreadable = (field: string, rule: string): SourceResult => ({
  kind: 'failed',
  failure: 'unreadable',
  detail: `its ${field} ${rule}`,
  field,
});

/** The answer's numbers (JSON numbers, or strings holding them); the first one present that is not a number. */
function numbersOf(body: Record<string, unknown>) {
  const names = ['lat', 'lon', 'mcc', 'mnc', 'lac', 'cellid', 'range', 'samples', 'updated'] as const;
  const read = Object.fromEntries(names.map((name) => [name, optionalNumber(body[name])])) as Record<
    (typeof names)[number],
    number | undefined | 'bad'
  >;
  return { read, bad: names.find((name) => read[name] === 'bad') };
}

/**
 * A cell's answer, its fields read as they came: the checks of their ranges are the lookup's (answer-check.ts), so
 * that what is kept and what is read back from the cache pass the same rules.
 */
function cellOf(body: Record<string, unknown>, question: CellQuestion): SourceResult {
  const { read, bad } = numbersOf(body);
  if (bad !== undefined) return unreadable(bad, 'is not a number');
  const { lat, lon, mcc, mnc, lac, cellid, range, samples, updated } = read as Record<
    string,
    number | undefined
  >;
  if (lat === undefined) return unreadable('lat', 'is missing');
  if (lon === undefined) return unreadable('lon', 'is missing');
  // 0/0 is where a row with no position lands: not a cell's place.
  if (lat === 0 && lon === 0) return { kind: 'not-found' };
  // An old API answered an unknown cell from its LAC's area, with cellid -1: that is not the cell.
  if (cellid === -1) return { kind: 'not-found' };
  if (cellid !== undefined && cellid !== question.key.cellid)
    return unreadable('cellid', 'is not the cell asked for');
  if (mcc !== undefined && mcc !== question.key.mcc) return unreadable('mcc', 'is not the mcc asked for');
  if (mnc !== undefined && mnc !== question.key.mnc) return unreadable('mnc', 'is not the mnc asked for');
  const radio = typeof body.radio === 'string' ? body.radio.trim().toUpperCase() : undefined;
  return {
    kind: 'found',
    cell: {
      lat,
      lon,
      lac: lac ?? question.lac ?? 0,
      ...(radio !== undefined && radio !== '' && { radio }),
      ...(range !== undefined && { rangeMeters: Math.round(range) }),
      ...(samples !== undefined && { samples }),
      ...(updated !== undefined && updated !== 0 && { updated }),
      origin: 'opencellid',
    },
  };
}

/** The meaning of one `cell/get` answer. */
export function readOpenCellidAnswer(answer: HttpAnswer, question: CellQuestion, now: number): SourceResult {
  if (!answer.ok) return { kind: 'failed', failure: answer.failure, detail: answer.detail };
  const body = jsonObject(answer.text);
  if (body === undefined) return fromStatus(answer);
  const code = numberOf(body.code);
  if (code !== undefined || body.error !== undefined) {
    const message = typeof body.error === 'string' ? body.error : '';
    return code === undefined ? fromStatus(answer) : fromErrorCode(code, message, answer, now);
  }
  if (answer.status !== 200) return fromStatus(answer);
  return cellOf(body, question);
}

const NEEDS = ['lac'] as const;

/** OpenCelliD's `cell/get`: looks a cell up by its ids; needs the LAC. */
export function openCellidSource(
  settings: OpenCellidSettings,
  http: SourceHttp,
  now: () => number = Date.now,
): CellSource {
  return {
    name: 'opencellid',
    live: true,
    needs: NEEDS,
    async ask(question, signal) {
      if (question.lac === undefined) return { kind: 'needs', fields: missingFields(NEEDS, question) };
      const query = new URLSearchParams({
        key: settings.key,
        mcc: String(question.key.mcc),
        mnc: String(question.key.mnc),
        lac: String(question.lac),
        cellid: String(question.key.cellid),
      });
      if (question.radio !== undefined) query.set('radio', question.radio);
      query.set('format', 'json');
      const answer = await askSource(http, `${settings.url}/cell/get?${query}`, { method: 'GET' }, signal);
      return readOpenCellidAnswer(answer, question, now());
    },
  };
}
