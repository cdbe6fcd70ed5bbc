import type { Context } from 'hono';
import { checkCellId } from '../api/cell-id';
import type { Problem } from './api-answer';

/** Every value given for each key parameter, as `c.req.queries(name)` reads them (none: []). */
export interface KeyParams {
  serviceKey: readonly string[];
  userKey: readonly string[];
}

export interface CellPath {
  mcc: string;
  mnc: string;
  cellid: string;
}

export function keyParams(c: Context): KeyParams {
  // One pass over the query string for both names.
  const all = c.req.queries();
  return { serviceKey: all['serviceKey'] ?? [], userKey: all['userKey'] ?? [] };
}

export function cellPathOf(c: Context): CellPath {
  return {
    mcc: c.req.param('mcc') ?? '',
    mnc: c.req.param('mnc') ?? '',
    cellid: c.req.param('cellid') ?? '',
  };
}

/** Reads one key parameter: a Problem when it is given twice; '' when absent. */
export function keyParam(values: readonly string[], name: 'serviceKey' | 'userKey'): string | Problem {
  if (values.length > 1) {
    return {
      status: 400,
      code: 'duplicate-parameter',
      message: `${name} is given more than once.`,
      field: name,
    };
  }
  return values[0] ?? '';
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
