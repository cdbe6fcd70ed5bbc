import { RADIOS } from '../../api/cell-facts';
import { encodeCells } from '../../api/cells-codec';
import { readCellsQuery, type CellInView, type CellsQueryCheck } from '../../api/cells-in-view';
import type { Format } from '../../api/types';
import type { RequestCheck } from '../platform/guard/guard';
import { apiAnswer, problemAnswer, type ApiAnswer, type Problem } from '../platform/http/api-answer';
import type { CellRecord } from '../store/records';
import { type ServiceStore } from '../store/service-store';
import { andThen, type Maybe } from '../platform/maybe';
import type { BoxAnswer } from '../store/service-reads-port';
import { toCell } from '../location/location-read';

/** A stored cell as the answer gives it: the document's fields, then its radio and range where the row has them. */
function inView(record: CellRecord): CellInView {
  const radio = RADIOS.find((name) => name === record.radio);
  return {
    ...toCell(record),
    ...(radio !== undefined && { radio }),
    ...(record.range !== undefined && { range: record.range }),
  };
}

/** The query as checked: a box and a limit always. */
type CellsQuery = Extract<CellsQueryCheck, { ok: true }>['query'];

/** Cells in view's check of its query (400 naming the parameter), before the keys are looked at. */
export const cellsRequest: RequestCheck<CellsQuery> = (c) => {
  const checked = readCellsQuery((name) => c.req.queries(name) ?? []);
  if (checked.ok) return { ok: true, value: checked.query };
  return {
    ok: false,
    problem: { status: 400, code: 'bad-parameter', message: checked.message, field: checked.field },
  };
};

/**
 * A filtered read over a view holding more cells than the store looks through for the few that match: a 400 that
 * says what to do (the app shows it as a hint on the map), rather than seconds of work on every such read.
 */
export function zoomIn(lookedThrough: number, operatorChosen: boolean): Problem {
  const more = lookedThrough.toLocaleString('en');
  return {
    status: 400,
    code: 'zoom-in',
    field: 'bbox',
    message:
      `More than ${more} cells lie in this view, too many to look through for the ones asked for: zoom in` +
      (operatorChosen ? '.' : ', or choose an operator (mcc and mnc).'),
  };
}

/** Cells in view: our own read beside the document's two (API notes). An empty box is a 200 with no cells. */
export type CellsInViewRead = (query: CellsQuery, format: Format) => Maybe<ApiAnswer>;

/** `lookThrough`: the most candidates a filtered read looks through (CELLS_IN_VIEW_LOOK_THROUGH; the store's own
 *  default when absent). */
export function createCellsInView(
  store: Pick<ServiceStore, 'cellsInBox'>,
  lookThrough?: number,
): CellsInViewRead {
  return ({ bbox, mcc, mnc, radio, limit }, format) => {
    const answer = (found: BoxAnswer): ApiAnswer => {
      if ('tooMany' in found)
        return problemAnswer(zoomIn(found.tooMany.lookedThrough, mcc !== undefined), format);
      const cells = found.cells.map(inView);
      return apiAnswer(200, format, encodeCells({ cells, truncated: found.truncated, limit }, format));
    };
    const finding = store.cellsInBox({
      ...bbox,
      ...(mcc !== undefined && { mcc: Number(mcc) }),
      ...(mnc !== undefined && { mnc: Number(mnc) }),
      ...(radio !== undefined && { radio }),
      limit,
      ...(lookThrough !== undefined && { lookThrough }),
    });
    return andThen(finding, answer);
  };
}
