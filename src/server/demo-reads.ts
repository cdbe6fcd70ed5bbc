import type { Hono } from 'hono';
import { encodeLocation, formatFromAccept } from '../api/codec';
import type { Cell } from '../api/types';
import { apiAnswer, problemAnswer, reply, schemaAnswer, type ApiAnswer } from './api-answer';
import type { Authorize } from './authorize';
import { LOCATION_XSD } from './location-xsd';
import { cellPathOf, checkPath, keyParams, type CellPath, type KeyParams } from './request-values';
import {
  answerCell,
  cellQueryOf,
  checkCellQuery,
  questionOf,
  type CellQueryValues,
} from './sources/cell-answer';
import type { CellSources } from './sources/cell-sources';
import type { CellRecord } from './store/records';
import type { ServiceReads } from './store/service-reads';

/** The two demo reads, free of Hono: the one place their rules live. */
export interface Reads {
  location(keys: KeyParams, accept: string | undefined): ApiAnswer;
  /** Answered by the configured sources, asked only once the keys are accepted. */
  cell(
    path: CellPath,
    query: CellQueryValues,
    keys: KeyParams,
    accept: string | undefined,
    signal: AbortSignal,
  ): Promise<ApiAnswer>;
}

/** The phone's cell as the Location read writes it: the stored numbers. */
function toCell(record: CellRecord): Cell {
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

export function createReads(store: ServiceReads, authorize: Authorize, cells: CellSources): Reads {
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

    async cell(cellPath, query, params, accept, signal) {
      const format = formatFromAccept(accept);
      const path = checkPath(cellPath);
      if (!path.ok) return problemAnswer(path.problem, format);
      const extra = checkCellQuery(query);
      if (!extra.ok) return problemAnswer(extra.problem, format);
      const authorized = authorize(params);
      if (!authorized.ok) return problemAnswer(authorized.problem, format);
      const question = questionOf(path.asked, extra);
      const outcome = await answerCell(cells.lookup, question, format, signal, cells.creditOf);
      if ('answer' in outcome) return outcome.answer;
      // Only the operator source gives a pass-through answer, and demo mode has none.
      throw new Error('demo mode has no operator to pass an answer through from');
    },
  };
}

export function demoRoutes(api: Hono, reads: Reads): void {
  api.get('/location', (c) => reply(c, reads.location(keyParams(c), c.req.header('accept'))));
  api.get('/cell/:mcc/:mnc/:cellid', async (c) =>
    reply(
      c,
      await reads.cell(cellPathOf(c), cellQueryOf(c), keyParams(c), c.req.header('accept'), c.req.raw.signal),
    ),
  );
  api.get('/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}
