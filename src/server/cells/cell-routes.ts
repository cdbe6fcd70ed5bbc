import type { Context, Hono } from 'hono';
import { formatFromAccept } from '../../api/codec';
import type { Guard } from '../platform/guard/guard';
import { replyWhenReady } from '../platform/http/api-answer';
import { andThen } from '../platform/maybe';
import type { User } from '../store/records';
import type { CellRead } from './cell-read';
import { cellRequest } from './cell-request';
import { cellsRequest, type CellsInViewRead } from './cells-in-view';
import { unchangedFor } from './counts/not-modified';

export interface CellReads {
  cell: CellRead;
  cellsInView: CellsInViewRead;
}

const formatOf = (c: Context) => formatFromAccept(c.req.header('accept'));

/** The service's own cell reads behind the guard: the document's Cell read, and cells in view. */
export function cellRoutes(api: Hono, guard: Guard<User>, reads: CellReads): void {
  // c.get() rather than c.var: c.var copies every variable into a new object on each use.
  api.get('/cell/:mcc/:mnc/:cellid', guard(cellRequest), (c) =>
    replyWhenReady(
      c,
      reads.cell(c.get('asked'), formatOf(c), () => c.req.raw.signal, c.get('serviceKey')),
    ),
  );
  api.get('/cells', guard(cellsRequest), (c) =>
    replyWhenReady(c, andThen(reads.cellsInView(c.get('asked'), formatOf(c)), unchangedFor(c))),
  );
}
