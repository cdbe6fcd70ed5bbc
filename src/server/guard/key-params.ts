import type { Context } from 'hono';
import type { Problem } from '../http/api-answer';

/** Every value given for each key parameter, as `c.req.queries(name)` reads them (none: []). */
export interface KeyParams {
  serviceKey: readonly string[];
  userKey: readonly string[];
}

export function keyParams(c: Context): KeyParams {
  // One pass over the query string for both names.
  const all = c.req.queries();
  return { serviceKey: all['serviceKey'] ?? [], userKey: all['userKey'] ?? [] };
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
