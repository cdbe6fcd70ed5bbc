import type { Context, Hono } from 'hono';
import { RADIOS } from '../../api/cell-facts';
import { encodeCells } from '../../api/cells-codec';
import { readCellsQuery, type CellInView, type CellsParameter } from '../../api/cells-in-view';
import { formatFromAccept } from '../../api/codec';
import { apiAnswer, problemAnswer, reply, type ApiAnswer } from '../http/api-answer';
import { toCell, type Reads } from './document-reads';
import { keyParams, type KeyParams } from '../guard/key-params';
import type { CellRecord } from '../store/records';
import type { ServiceReads } from '../store/service-reads';

/** A stored cell as the answer gives it: the document's fields, then its radio and range where the row has them. */
function inView(record: CellRecord): CellInView {
  const radio = RADIOS.find((name) => name === record.radio);
  return {
    ...toCell(record),
    ...(radio !== undefined && { radio }),
    ...(record.range !== undefined && { range: record.range }),
  };
}

/** Every value given for a query parameter, as `c.req.queries(name)` reads them (none: []). */
export type QueryValues = (name: CellsParameter) => readonly string[];

/** Cells in view: our own read beside the document's two, free of Hono like them (README, API notes). */
export type CellsRead = (
  query: QueryValues,
  keys: KeyParams,
  accept: string | undefined,
  address: string,
) => ApiAnswer;

/**
 * The order of checks: the client address's bucket (429) as on the two reads, the query's values (400 naming the
 * parameter), then the keys as on the two reads (400, 401, 429). An empty box is a 200 with no cells.
 */
export function createCellsRead(
  store: Pick<ServiceReads, 'cellsInBox'>,
  reads: Pick<Reads, 'admit' | 'authorize'>,
): CellsRead {
  return (values, params, accept, address) => {
    const format = formatFromAccept(accept);
    const admitted = reads.admit(address);
    if (admitted !== undefined) return problemAnswer(admitted, format);
    const checked = readCellsQuery(values);
    if (!checked.ok) {
      const problem = {
        status: 400,
        code: 'bad-parameter',
        message: checked.message,
        field: checked.field,
      } as const;
      return problemAnswer(problem, format);
    }
    const authorized = reads.authorize(params, address);
    if (!authorized.ok) return problemAnswer(authorized.problem, format);
    const { bbox, mcc, mnc, radio, limit } = checked.query;
    const found = store.cellsInBox({
      ...bbox,
      ...(mcc !== undefined && { mcc: Number(mcc) }),
      ...(mnc !== undefined && { mnc: Number(mnc) }),
      ...(radio !== undefined && { radio }),
      limit,
    });
    const cells = found.cells.map(inView);
    return apiAnswer(200, format, encodeCells({ cells, truncated: found.truncated, limit }, format));
  };
}

export function cellsRoutes(api: Hono, read: CellsRead, addressOf: (c: Context) => string): void {
  api.get('/cells', (c) =>
    reply(
      c,
      read((name) => c.req.queries(name) ?? [], keyParams(c), c.req.header('accept'), addressOf(c)),
    ),
  );
}
