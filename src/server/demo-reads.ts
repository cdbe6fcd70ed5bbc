import { encodeCell, encodeLocation, formatFromAccept } from '../api/codec';
import type { Cell, Format } from '../api/types';
import { apiAnswer, problemAnswer, reply, schemaAnswer, type ApiAnswer } from './api-answer';
import type { Context, Hono } from 'hono';
import { createAuthorize, type Limits } from './authorize';
import { FreshCache } from './fresh-cache';
import { LOCATION_XSD } from './location-xsd';
import { cellPathOf, checkPath, keyParams, type CellPath, type KeyParams } from './request-values';
import type { CellRecord, User } from './store/records';
import type { ServiceReads } from './store/service-reads';

/** The two demo reads, free of Hono: the one place their rules live. */
export interface Reads {
  /** `address`: the client's, for the per-address limits (src/server/client-address.ts). */
  location(keys: KeyParams, accept: string | undefined, address: string): ApiAnswer;
  cell(path: CellPath, keys: KeyParams, accept: string | undefined, address: string): ApiAnswer;
}

function toCell(record: CellRecord, asked?: CellPath): Cell {
  const lat = record.lat.toFixed(6);
  const lon = record.lon.toFixed(6);
  return {
    lat,
    lon,
    // The Cell read repeats the path's text (mnc "05" stays "05"); Location gives the stored numbers.
    mcc: asked?.mcc ?? String(record.mcc),
    mnc: asked?.mnc ?? String(record.mnc),
    lac: String(record.lac),
    cellid: asked?.cellid ?? String(record.cellid),
    name: record.name,
    position: { lat: Number(lat), lon: Number(lon) },
  };
}

/** Most cells, and most key pairs, whose answers are kept between changes to the database. */
const KEPT = 10_000;

/**
 * The reads keep what they read and the answers they encoded (in bytes, headers and all) until the database
 * changes; each request first asks SQLite whether it has (one cheap statement), so nothing stale is ever sent.
 */
export function createReads(store: ServiceReads, limits: Limits): Reads {
  const fresh = new FreshCache(() => store.dataVersion());
  const authorize = createAuthorize(store, limits, fresh.map(KEPT));
  const cells = fresh.map<string, ApiAnswer>(KEPT);
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

  function cellAnswer(asked: CellPath, format: Format): ApiAnswer {
    const record = store.getCell({
      mcc: Number(asked.mcc),
      mnc: Number(asked.mnc),
      cellid: Number(asked.cellid),
    });
    if (record === undefined) {
      return problemAnswer(
        { status: 404, code: 'unknown-cell', message: 'No cell is known with that mcc, mnc and cellid.' },
        format,
      );
    }
    return apiAnswer(200, format, encodeCell(toCell(record, asked), format));
  }

  return {
    location(params, accept, address) {
      fresh.check();
      const format = formatFromAccept(accept);
      const admitted = limits.admit(address);
      if (admitted !== undefined) return problemAnswer(admitted, format);
      const authorized = authorize(params, address);
      if (!authorized.ok) return problemAnswer(authorized.problem, format);
      return locationOf(authorized.user, format);
    },

    cell(cellPath, params, accept, address) {
      fresh.check();
      const format = formatFromAccept(accept);
      const admitted = limits.admit(address);
      if (admitted !== undefined) return problemAnswer(admitted, format);
      // Only a path that passed its check has a kept answer; the keys are checked on every request.
      const key = `${format} ${cellPath.mcc}/${cellPath.mnc}/${cellPath.cellid}`;
      const kept = cells.get(key);
      if (kept === undefined) {
        const path = checkPath(cellPath);
        if (!path.ok) return problemAnswer(path.problem, format);
        const authorized = authorize(params, address);
        if (!authorized.ok) return problemAnswer(authorized.problem, format);
        const answer = cellAnswer(path.asked, format);
        cells.set(key, answer);
        return answer;
      }
      const authorized = authorize(params, address);
      return authorized.ok ? kept : problemAnswer(authorized.problem, format);
    },
  };
}

export function demoRoutes(api: Hono, reads: Reads, addressOf: (c: Context) => string): void {
  api.get('/location', (c) => reply(c, reads.location(keyParams(c), c.req.header('accept'), addressOf(c))));
  api.get('/cell/:mcc/:mnc/:cellid', (c) =>
    reply(c, reads.cell(cellPathOf(c), keyParams(c), c.req.header('accept'), addressOf(c))),
  );
  api.get('/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}
