import type { Context } from 'hono';
import type { ApiAnswer } from '../../platform/http/api-answer';

/** An answer with an ETag the request already holds (If-None-Match): a 304 with no body, its caching headers kept. */
export const unchangedFor =
  (c: Context) =>
  (answer: ApiAnswer): ApiAnswer => {
    const tag = answer.headers.ETag;
    const held = c.req.header('if-none-match');
    if (tag === undefined || held === undefined || answer.status !== 200) return answer;
    if (!held.split(',').some((one) => one.trim().replace(/^W\//, '') === tag)) return answer;
    const { 'Content-Length': _length, 'Content-Type': _type, ...headers } = answer.headers;
    return { status: 304 as ApiAnswer['status'], headers: { ...headers, 'Content-Length': '0' }, body: '' };
  };
