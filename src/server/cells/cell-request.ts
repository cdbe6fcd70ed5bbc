import type { Context } from 'hono';
import { impossibleHint, readLac, readRadio, type Radio } from '../../api/cell-facts';
import { checkCellId } from '../../api/cell-id';
import type { RequestCheck } from '../platform/guard/guard';
import type { Problem } from '../platform/http/api-answer';
import { queryOf } from '../platform/http/request-query';

export interface CellPath {
  mcc: string;
  mnc: string;
  cellid: string;
}

/** The Cell read's question as checked: the path as asked, and the optional `?lac=` and `?radio=`. */
export interface CellRequest {
  asked: CellPath;
  lac?: number;
  radio?: Radio;
}

/** Every value given for the two optional lookup parameters (none: []). */
export interface CellQueryValues {
  lac: readonly string[];
  radio: readonly string[];
}

export function cellPathOf(c: Context): CellPath {
  return {
    mcc: c.req.param('mcc') ?? '',
    mnc: c.req.param('mnc') ?? '',
    cellid: c.req.param('cellid') ?? '',
  };
}

export function cellQueryOf(c: Context): CellQueryValues {
  const all = queryOf(c);
  return { lac: all['lac'] ?? [], radio: all['radio'] ?? [] };
}

export function checkPath(path: CellPath): { ok: true; asked: CellPath } | { ok: false; problem: Problem } {
  const check = checkCellId(path, { mode: 'path' });
  if (check.ok) return { ok: true, asked: check.value };
  const field =
    (['mcc', 'mnc', 'cellid'] as const).find((name) => check.errors[name] !== undefined) ?? 'cellid';
  return {
    ok: false,
    problem: {
      status: 400,
      code: 'bad-cell-id',
      message: check.errors[field] ?? `${field} is not valid.`,
      field,
    },
  };
}

/** Checks `?lac=` and `?radio=` (400 naming the parameter); an empty value is as good as none. */
export function checkCellQuery(
  values: CellQueryValues,
): { ok: true; lac?: number; radio?: Radio } | { ok: false; problem: Problem } {
  const bad = (field: string, message: string): { ok: false; problem: Problem } => ({
    ok: false,
    problem: { status: 400, code: 'bad-parameter', message, field },
  });
  if (values.lac.length > 1) return bad('lac', 'lac is given more than once.');
  if (values.radio.length > 1) return bad('radio', 'radio is given more than once.');
  const lacText = values.lac[0]?.trim() ?? '';
  const radioText = values.radio[0]?.trim() ?? '';
  const lac = lacText === '' ? undefined : readLac(lacText);
  const radio = radioText === '' ? undefined : readRadio(radioText);
  if (lac?.ok === false) return bad('lac', lac.message);
  if (radio?.ok === false) return bad('radio', radio.message);
  return { ok: true, ...(lac?.ok && { lac: lac.value }), ...(radio?.ok && { radio: radio.value }) };
}

/** The Cell read's check, in proxy mode too: the path (400 naming the field), then the query. */
export const cellRequest: RequestCheck<CellRequest> = (c) => {
  const path = checkPath(cellPathOf(c));
  if (!path.ok) return path;
  const query = checkCellQuery(cellQueryOf(c));
  if (!query.ok) return query;
  const { lac, radio } = query;
  // Refused before any source is asked: each impossible value would cost a live source's request and a cache row.
  const impossible = impossibleHint({ cellid: Number(path.asked.cellid), lac, radio });
  if (impossible !== undefined) {
    return { ok: false, problem: { status: 400, code: 'bad-parameter', ...impossible } };
  }
  return {
    ok: true,
    value: { asked: path.asked, ...(lac !== undefined && { lac }), ...(radio !== undefined && { radio }) },
  };
};
