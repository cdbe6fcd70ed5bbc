import type { Context, Hono } from 'hono';
import { encodeLocation, formatFromAccept } from '../../api/codec';
import type { Cell, Format } from '../../api/types';
import {
  apiAnswer,
  problemAnswer,
  reply,
  schemaAnswer,
  type ApiAnswer,
  type Problem,
} from '../http/api-answer';
import { createAuthorize, type Authorize, type Limits } from '../guard/key-check';
import { FreshCache } from './fresh-cache';
import { LOCATION_XSD } from './location-xsd';
import { keyParams, type KeyParams } from '../guard/key-params';
import { cellPathOf, checkPath, type CellPath } from './cell-path';
import {
  answerCell,
  cellQueryOf,
  checkCellQuery,
  questionOf,
  type CellQueryValues,
} from '../sources/cell-answer';
import type { CellSources } from '../sources/cell-sources';
import type { CellRecord, User } from '../store/records';
import type { ServiceReads } from '../store/service-reads';

/** The two demo reads, free of Hono: the one place their rules live. */
export interface Reads {
  /** `address`: the client's, for the per-address limits (guard/client-address.ts). */
  location(keys: KeyParams, accept: string | undefined, address: string): ApiAnswer;
  /** Answered by the configured sources, asked only once the keys are accepted; a kept answer at once. */
  cell(
    path: CellPath,
    query: CellQueryValues,
    keys: KeyParams,
    accept: string | undefined,
    address: string,
    signal: AbortSignal,
  ): ApiAnswer | Promise<ApiAnswer>;
  /** For our own reads beside the two: the per-address bucket every request to the resources takes from... */
  admit(address: string): Problem | undefined;
  /** ...and the key check both reads open with, what it keeps made fresh first. */
  authorize: Authorize;
}

/** A stored cell as the Location read and cells in view write it: the stored numbers. */
export function toCell(record: CellRecord): Cell {
  const lat = record.lat.toFixed(6);
  const lon = record.lon.toFixed(6);
  return {
    lat,
    lon,
    mcc: String(record.mcc),
    mnc: String(record.mnc),
    lac: String(record.lac),
    cellid: String(record.cellid),
    name: record.name,
    position: { lat: Number(lat), lon: Number(lon) },
  };
}

/** Most cells, and most key pairs, whose answers are kept between changes to the database. */
const KEPT = 10_000;

/**
 * The reads keep what they read and the answers they encoded (in bytes, headers and all) until the database
 * changes; each request first asks SQLite whether it has (one cheap statement), so nothing stale is ever sent.
 * Only the store's own Cell answers are kept so: with the store asked first they depend on the path alone (the store
 * is keyed by mcc/mnc/cellid), and its "not found" is final only when it is the one source.
 */
export function createReads(store: ServiceReads, limits: Limits, sources: CellSources): Reads {
  const fresh = new FreshCache(() => store.dataVersion());
  const authorize = createAuthorize(store, limits, fresh.map(KEPT));
  const cells = fresh.map<string, ApiAnswer>(KEPT);
  const storeFirst = sources.names[0] === 'store';
  const storeOnly = storeFirst && sources.names.length === 1;
  // Keyed by the user the key check gave: a change empties the key check's map, and with it these.
  const locations = new WeakMap<User, Partial<Record<Format, ApiAnswer>>>();

  function locationOf(user: User, format: Format): ApiAnswer {
    let kept = locations.get(user);
    if (kept === undefined) locations.set(user, (kept = {}));
    return (kept[format] ??= locationAnswer(user, format));
  }

  function locationAnswer(user: User, format: Format): ApiAnswer {
    if (!user.smsReplied) {
      return problemAnswer(
        {
          status: 403,
          code: 'sms-not-replied',
          message: 'Positioning is not allowed: the user has not replied to the authorization SMS.',
        },
        format,
      );
    }
    const location = store.getLocation(user);
    if (location === undefined) {
      return problemAnswer(
        { status: 404, code: 'no-position', message: "The phone's current cell is not known." },
        format,
      );
    }
    const body = encodeLocation(
      {
        msisdn: location.msisdn,
        ...(location.state !== null && { state: location.state }),
        cell: toCell(location.cell),
      },
      format,
    );
    return apiAnswer(200, format, body);
  }

  async function cellFromSources(
    key: string,
    cellPath: CellPath,
    query: CellQueryValues,
    params: KeyParams,
    format: Format,
    address: string,
    signal: AbortSignal,
  ): Promise<ApiAnswer> {
    const path = checkPath(cellPath);
    if (!path.ok) return problemAnswer(path.problem, format);
    const extra = checkCellQuery(query);
    if (!extra.ok) return problemAnswer(extra.problem, format);
    const authorized = authorize(params, address);
    if (!authorized.ok) return problemAnswer(authorized.problem, format);
    const outcome = await answerCell(
      sources.lookup,
      questionOf(path.asked, extra),
      format,
      signal,
      sources.creditOf,
    );
    // Only the operator source gives a pass-through answer, and demo mode has none.
    if (!('answer' in outcome)) throw new Error('demo mode has no operator to pass an answer through from');
    const { answer } = outcome;
    const fromStore = answer.status === 200 && answer.headers['Cell-Source'] === 'store';
    if (storeOnly || (storeFirst && fromStore)) cells.set(key, answer);
    return answer;
  }

  return {
    admit: (address) => limits.admit(address),

    authorize(params, address) {
      fresh.check();
      return authorize(params, address);
    },

    location(params, accept, address) {
      fresh.check();
      const format = formatFromAccept(accept);
      const admitted = limits.admit(address);
      if (admitted !== undefined) return problemAnswer(admitted, format);
      const authorized = authorize(params, address);
      if (!authorized.ok) return problemAnswer(authorized.problem, format);
      return locationOf(authorized.user, format);
    },

    cell(cellPath, query, params, accept, address, signal) {
      fresh.check();
      const format = formatFromAccept(accept);
      const admitted = limits.admit(address);
      if (admitted !== undefined) return problemAnswer(admitted, format);
      // Only a path that passed its check has a kept answer; the query and the keys are checked on every request.
      const key = `${format} ${cellPath.mcc}/${cellPath.mnc}/${cellPath.cellid}`;
      const kept = cells.get(key);
      if (kept === undefined) return cellFromSources(key, cellPath, query, params, format, address, signal);
      const extra = checkCellQuery(query);
      if (!extra.ok) return problemAnswer(extra.problem, format);
      const authorized = authorize(params, address);
      return authorized.ok ? kept : problemAnswer(authorized.problem, format);
    },
  };
}

export function demoRoutes(api: Hono, reads: Reads, addressOf: (c: Context) => string): void {
  api.get('/location', (c) => reply(c, reads.location(keyParams(c), c.req.header('accept'), addressOf(c))));
  api.get('/cell/:mcc/:mnc/:cellid', (c): Response | Promise<Response> => {
    const answer = reads.cell(
      cellPathOf(c),
      cellQueryOf(c),
      keyParams(c),
      c.req.header('accept'),
      addressOf(c),
      c.req.raw.signal,
    );
    return answer instanceof Promise ? answer.then((ready) => reply(c, ready)) : reply(c, answer);
  });
  api.get('/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}
