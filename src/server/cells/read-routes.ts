import type { Context, Hono } from 'hono';
import type { Settings } from '../../api/settings';
import { formatFromAccept } from '../../api/codec';
import type { Guard } from '../platform/guard/guard';
import { reply, schemaAnswer, type ApiAnswer } from '../platform/http/api-answer';
import { andThen, type Maybe } from '../platform/maybe';
import type { User } from '../store/records';
import type { CellRead } from './cell-read';
import { cellRequest } from './cell-request';
import { cellsRequest, type CellsInViewRead } from './cells-in-view';
import type { LocationRead } from '../location/location-read';
import { LOCATION_XSD } from '../location/location-xsd';
import { unchangedFor } from '../cells/counts/not-modified';

export interface Reads {
  location: LocationRead;
  cell: CellRead;
  cellsInView: CellsInViewRead;
}

const formatOf = (c: Context) => formatFromAccept(c.req.header('accept'));

/** The answer now when it is there (SQLite, a kept answer), else when it comes. */
const replyWhenReady = (c: Context, answer: Maybe<ApiAnswer>): Response | Promise<Response> =>
  answer instanceof Promise ? answer.then((ready) => reply(c, ready)) : reply(c, answer);

/** The service's own reads behind the guard: the document's two, cells in view, and the document's schema. */
export function readRoutes(api: Hono, guard: Guard<User>, reads: Reads): void {
  // c.get() rather than c.var: c.var copies every variable into a new object on each use.
  api.get('/location', guard(), (c) => replyWhenReady(c, reads.location(c.get('who'), formatOf(c))));
  api.get('/cell/:mcc/:mnc/:cellid', guard(cellRequest), (c) =>
    replyWhenReady(
      c,
      reads.cell(c.get('asked'), formatOf(c), () => c.req.raw.signal, c.get('serviceKey')),
    ),
  );
  api.get('/cells', guard(cellsRequest), (c) =>
    replyWhenReady(c, andThen(reads.cellsInView(c.get('asked'), formatOf(c)), unchangedFor(c))),
  );
  api.get('/schema/Location', (c) => schemaAnswer(c, LOCATION_XSD));
}

/** The service's own: whether it is up and in which mode, and what the app needs to start (also in the page). */
export function serviceRoutes(api: Hono, mode: Settings['mode'], settings: () => Maybe<Settings>): void {
  api.get('/health', (c) => c.json({ status: 'ok', mode }, 200, { 'Cache-Control': 'no-store' }));
  api.get('/settings', (c) =>
    andThen(settings(), (now) => c.json(now, 200, { 'Cache-Control': 'no-store' })),
  );
}
