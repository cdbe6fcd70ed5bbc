import type { Context } from 'hono';
import { checkCellId } from '../../api/cell-id';
import type { Problem } from '../http/api-answer';

export interface CellPath {
  mcc: string;
  mnc: string;
  cellid: string;
}

export function cellPathOf(c: Context): CellPath {
  return {
    mcc: c.req.param('mcc') ?? '',
    mnc: c.req.param('mnc') ?? '',
    cellid: c.req.param('cellid') ?? '',
  };
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
