import { RADIOS } from '../../api/cell-facts';
import { encodeCells } from '../../api/cells-codec';
import { readCellsQuery, type CellInView, type CellsQueryCheck } from '../../api/cells-in-view';
import type { Format } from '../../api/types';
import type { RequestCheck } from '../guard/guard';
import { apiAnswer, type ApiAnswer } from '../http/api-answer';
import type { CellRecord } from '../store/records';
import { andThen, type Maybe, type ServiceStore } from '../store/service-store';
import { toCell } from './location-read';

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

/** Cells in view: our own read beside the document's two (API notes). An empty box is a 200 with no cells. */
export type CellsInViewRead = (query: CellsQuery, format: Format) => Maybe<ApiAnswer>;

export function createCellsInView(store: Pick<ServiceStore, 'cellsInBox'>): CellsInViewRead {
  return ({ bbox, mcc, mnc, radio, limit }, format) => {
    const finding = store.cellsInBox({
      ...bbox,
      ...(mcc !== undefined && { mcc: Number(mcc) }),
      ...(mnc !== undefined && { mnc: Number(mnc) }),
      ...(radio !== undefined && { radio }),
      limit,
    });
    return andThen(finding, (found) => {
      const cells = found.cells.map(inView);
      return apiAnswer(200, format, encodeCells({ cells, truncated: found.truncated, limit }, format));
    });
  };
}
