import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { PlainResponse } from './plain-response';

const COMPRESSIBLE =
  /^(?:text\/|application\/(?:json|xml|javascript|[\w.+-]+\+(?:json|xml))|image\/svg\+xml)/i;

/** Smaller answers are sent as they are: a few hundred bytes do not repay the work. */
export const COMPRESS_THRESHOLD = 1024;

export type Encoding = 'br' | 'gzip';

/** The encoding the client prefers of brotli and gzip, by its Accept-Encoding weights; none when it takes neither. */
export function pickEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (acceptEncoding === undefined) return undefined;
  const offered = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    offered.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (name: Encoding): number => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return undefined;
}

function encode(body: Uint8Array, encoding: Encoding): Uint8Array<ArrayBuffer> {
  const made =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : gzipSync(body, { level: 6 });
  return new Uint8Array(made);
}

/**
 * The body compressed: from the answer's own memo when it keeps one (PlainResponse.encoded), else made now (and
 * kept in that memo); the body as it is when it is too small to repay the work.
 */
async function compressed(
  res: Response,
  encoding: Encoding,
): Promise<{ bytes: Uint8Array<ArrayBuffer> } | { small: Uint8Array<ArrayBuffer> }> {
  const memo = res instanceof PlainResponse ? res.encoded : undefined;
  const known = memo?.get(encoding);
  if (known !== undefined) return { bytes: known };
  const body = new Uint8Array(await res.arrayBuffer());
  if (body.byteLength < COMPRESS_THRESHOLD) return { small: body };
  const bytes = encode(body, encoding);
  memo?.set(encoding, bytes);
  return { bytes };
}

/** Hono merges the old answer's headers into a new one (its Content-Length would win); start afresh. */
function replace(c: Context, res: Response): void {
  c.res = undefined;
  c.res = res;
}

/**
 * Brotli or gzip for API answers of at least a kilobyte (the schema, an operator's answer passed back). The
 * built app's files are compressed at build time instead (scripts/precompress.mjs).
 */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (c.req.method !== 'GET') return;
    const res = c.res;
    // Headers and status first: reading res.body turns @hono/node-server's light answer into a streamed one,
    // which costs a Response, a ReadableStream and a timer tick on every small API answer.
    const length = res.headers.get('Content-Length');
    if (length !== null && Number(length) < COMPRESS_THRESHOLD) return;
    if (
      res.status === 204 ||
      res.status === 206 ||
      res.status === 304 ||
      res.headers.has('Content-Encoding') ||
      !COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '') ||
      /no-transform/i.test(res.headers.get('Cache-Control') ?? '')
    ) {
      return;
    }
    const vary = res.headers.get('Vary');
    const varies = vary === null ? 'Accept-Encoding' : `${vary}, Accept-Encoding`;
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (encoding === undefined || res.body === null) {
      res.headers.set('Vary', varies);
      return;
    }
    const done = await compressed(res, encoding);
    if ('small' in done) {
      replace(c, new Response(done.small, res));
      return;
    }
    const headers = new Headers(res.headers);
    headers.set('Content-Encoding', encoding);
    headers.set('Content-Length', String(done.bytes.byteLength));
    headers.set('Vary', varies);
    const etag = headers.get('ETag');
    if (etag !== null && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
    replace(
      c,
      res instanceof PlainResponse
        ? new PlainResponse(done.bytes, res.status, Object.fromEntries(headers))
        : new Response(done.bytes, { status: res.status, headers }),
    );
  };
}
