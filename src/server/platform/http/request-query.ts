import type { Context } from 'hono';

type Query = Readonly<Record<string, readonly string[]>>;
/* Kept on the context (a Map per request that the guard makes anyway); a WeakMap cost more than it saved. */
type WithQuery = Context<{ Variables: { query?: Query } }>;

/**
 * Every value given for each query parameter, as `c.req.queries()` reads them (decoded, in order), read once per
 * request: Hono parses the whole query string again for each name asked (`c.req.queries('lac')`), and the keys
 * and the Cell read's own parameters are asked for by different checks.
 */
export function queryOf(c: Context): Query {
  const context = c as WithQuery;
  let all = context.get('query');
  if (all === undefined) context.set('query', (all = context.req.queries()));
  return all;
}
