import type { Context } from 'hono';
import { KEY_HEADERS } from '../../../api/keys';
import type { Problem } from '../http/api-answer';
import { queryOf } from '../http/request-query';

type KeyName = keyof typeof KEY_HEADERS;

/**
 * Every value given for each key: the query's (`c.req.queries(name)`), then the header's (none: []). The same
 * key given both ways counts once; given both ways and differing, it counts twice, as a key given twice in the
 * query does. A header sent twice reaches us joined by commas (RFC 9110, 5.3), and no key we issue holds one.
 */
export interface KeyParams {
  serviceKey: readonly string[];
  userKey: readonly string[];
}

function given(inQuery: readonly string[], inHeader: string | undefined): readonly string[] {
  if (inHeader === undefined) return inQuery;
  const fromHeader = inHeader.includes(',') ? inHeader.split(',').map((value) => value.trim()) : [inHeader];
  if (inQuery.length === 1 && fromHeader.length === 1 && inQuery[0] === fromHeader[0]) return inQuery;
  return [...inQuery, ...fromHeader];
}

export function keyParams(c: Context): KeyParams {
  const all = queryOf(c);
  const read = (name: KeyName) => given(all[name] ?? [], c.req.header(KEY_HEADERS[name]));
  return { serviceKey: read('serviceKey'), userKey: read('userKey') };
}

/** Reads one key: a Problem when it is given twice (or two ways, differently); '' when absent. */
export function keyParam(values: readonly string[], name: KeyName): string | Problem {
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
