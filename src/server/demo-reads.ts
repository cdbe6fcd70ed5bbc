import type { Hono } from 'hono';
import { encodeCell, encodeLocation, formatFromAccept } from '../api/codec';
import type { Cell } from '../api/types';
import { apiAnswer, problemAnswer, reply, schemaAnswer, type ApiAnswer } from './api-answer';
import type { Authorize } from './authorize';
import { LOCATION_XSD } from './location-xsd';
import { cellPathOf, checkPath, keyParams, type CellPath, type KeyParams } from './request-values';
import type { CellRecord } from './store/records';
import type { ServiceReads } from './store/service-reads';

/** The two demo reads, free of Hono: the one place their rules live. */
export interface Reads {
  location(keys: KeyParams, accept: string | undefined): ApiAnswer;
  cell(path: CellPath, keys: KeyParams, accept: string | undefined): ApiAnswer;
}

export function toCell(record: CellRecord, asked?: CellPath): Cell {
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

export function createReads(store: ServiceReads, authorize: Authorize): Reads {
  return {
    location(params, accept) {
      const format = formatFromAccept(accept);
      const authorized = authorize(params);
      if (!authorized.ok) return problemAnswer(authorized.problem, format);
      const { user } = authorized;
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
    },

    cell(cellPath, params, accept) {
      const format = formatFromAccept(accept);
      const path = checkPath(cellPath);
      if (!path.ok) return problemAnswer(path.problem, format);
      const authorized = authorize(params);
      if (!authorized.ok) return problemAnswer(authorized.problem, format);
      const { asked } = path;
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
    },
  };
}

export function demoRoutes(api: Hono, reads: Reads): void {
  api.get('/location', (c) => reply(c, reads.location(keyParams(c), c.req.header('accept'))));
  api.get('/cell/:mcc/:mnc/:cellid', (c) =>
    reply(c, reads.cell(cellPathOf(c), keyParams(c), c.req.header('accept'))),
  );
  api.get('/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}
