import { RADIOS } from './cell-facts';
import { readCounts } from './cell-counts';
import type { CellInView, CellsInView } from './cells-in-view';
import { cellFields, isTree, jsonObject, own, parseRoot, readCell, rootOf, text } from './codec';
import { malformed } from './errors';
import type { Format } from './types';
import { xmlDocument, type Fields } from './xml';

/** Largest cells-in-view answer read, in characters: 10,000 cells in XML are about 2.6 MB. */
export const MAX_CELLS_BODY_CHARS = 8 * 1024 * 1024;

function inViewFields(cell: CellInView): Fields {
  const fields: Array<Fields[number]> = [...cellFields(cell)];
  if (cell.radio !== undefined) fields.push(['radio', cell.radio]);
  if (cell.range !== undefined) fields.push(['range', String(Math.round(cell.range))]);
  return fields;
}

/**
 * The cells-in-view answer: `<cells>` holding `<truncated>`, `<limit>`, then one `<cell>` per cell (the document's
 * seven fields in its order, then `radio` and `range` where known); in JSON `{"cells":{"truncated":…,"limit":…,
 * "cell":[…]}}`, every value a string, `cell` always a list.
 */
export function encodeCells(answer: CellsInView, format: Format): string {
  const head: Fields = [
    ['truncated', String(answer.truncated)],
    ['limit', String(answer.limit)],
  ];
  if (format === 'xml') {
    return xmlDocument('cells', [
      ...head,
      ...answer.cells.map((cell) => ['cell', inViewFields(cell)] as const),
    ]);
  }
  const cell = answer.cells.map((one, i) => jsonObject(inViewFields(one), `cells.cell[${i}]`));
  return JSON.stringify({ cells: { ...jsonObject(head, 'cells'), cell } });
}

function readInView(item: unknown, path: string): CellInView {
  if (!isTree(item)) throw malformed(path, 'must be an object with fields');
  const cell: CellInView = readCell(item, path);
  // radio and range are extras: a value this app does not know is left out, never a reason to refuse.
  const radio = own(item, 'radio');
  const known = RADIOS.find((name) => name === radio);
  if (known !== undefined) cell.radio = known;
  const range = own(item, 'range');
  if (typeof range === 'string' && /^\d{1,9}$/.test(range)) cell.range = Number(range);
  return cell;
}

/** Reads a cells-in-view answer in either format; throws a `malformed` ApiError naming the field. */
export function decodeCells(body: string, contentType: string | null): CellsInView {
  const { tree, format } = parseRoot(body, contentType, MAX_CELLS_BODY_CHARS);
  if (own(tree, 'counts') !== undefined) {
    const counts = readCounts(rootOf(tree, 'counts', format));
    return { cells: [], truncated: false, limit: counts.limit, counts };
  }
  const root = rootOf(tree, 'cells', format);
  const truncated = text(root, 'truncated', 'cells');
  if (truncated !== 'true' && truncated !== 'false')
    throw malformed('cells.truncated', `"${truncated.slice(0, 24)}" is neither true nor false`);
  const limit = text(root, 'limit', 'cells');
  if (!/^\d{1,9}$/.test(limit)) throw malformed('cells.limit', 'is not a whole number');
  const list = own(root, 'cell');
  const items = list === undefined || list === null ? [] : Array.isArray(list) ? list : [list];
  return {
    cells: items.map((item, i) => readInView(item, `cells.cell[${i}]`)),
    truncated: truncated === 'true',
    limit: Number(limit),
  };
}
