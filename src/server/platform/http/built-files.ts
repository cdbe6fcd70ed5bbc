import { readFileSync, statSync, type Stats } from 'node:fs';
import { join } from 'node:path';
import { getMimeType } from 'hono/utils/mime';
import { pickEncoding, type Encoding } from './compression';
import { PlainResponse } from './plain-response';

/** Files up to this size are answered from memory (the built app's largest, its main script, is about 450 kB). */
export const IN_MEMORY_FILE_BYTES = 1024 * 1024;
/** What memory may hold at most: past it, it is emptied and filled again as files are asked for. */
const IN_MEMORY_TOTAL_BYTES = 32 * 1024 * 1024;

/* Only paths that name a file plainly: no `..` or dot-file, no percent-encoding, no `//` or backslash. Anything
   else is left to serveStatic, which decodes and checks it. */
const PLAIN_PATH = /^(?:\/[A-Za-z0-9_-][A-Za-z0-9._-]*)+$/;

const SUFFIX: Record<Encoding, string> = { br: '.br', gzip: '.gz' };

interface Kept {
  stats: Stats;
  body: Buffer<ArrayBuffer>;
}

/**
 * The built app's small files, answered from memory: each read once, again only when a build changes it (its
 * size or time differs from what was read), as brotli or gzip from the `.br`/`.gz` beside it when the client takes
 * them. An answer from memory holds no descriptor: one waiting behind a connection that is gone costs nothing but
 * its place in line (docs/security.md). Larger files, and paths that are not plain, are not answered here.
 */
export function builtFiles(root: string) {
  const kept = new Map<string, Kept>();
  let total = 0;

  const read = (path: string): Kept | 'large' | undefined => {
    const stats = statSync(path, { throwIfNoEntry: false });
    if (stats === undefined || !stats.isFile()) return undefined;
    if (stats.size > IN_MEMORY_FILE_BYTES) return 'large';
    const old = kept.get(path);
    if (old !== undefined && old.stats.mtimeMs === stats.mtimeMs && old.stats.size === stats.size) return old;
    const body = readFileSync(path) as Buffer<ArrayBuffer>;
    const now = { stats, body };
    // Kept only when read whole: a file a build is writing now is read again on the next ask.
    if (body.byteLength === stats.size) {
      if (total + body.byteLength > IN_MEMORY_TOTAL_BYTES) {
        kept.clear();
        total = 0;
      }
      total += body.byteLength - (old?.body.byteLength ?? 0);
      kept.set(path, now);
    }
    return now;
  };

  /** The answer for `urlPath` from memory; undefined when it is not a small file of the build. */
  return (
    urlPath: string,
    acceptEncoding: string | undefined,
    cacheControl: string,
  ): Response | undefined => {
    if (!PLAIN_PATH.test(urlPath)) return undefined;
    const path = join(root, urlPath);
    const file = read(path);
    if (file === undefined || file === 'large') return undefined;
    const headers: Record<string, string> = {
      'Content-Type': getMimeType(path) ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
    };
    const encoding = pickEncoding(acceptEncoding);
    const compressed = encoding === undefined ? undefined : read(`${path}${SUFFIX[encoding]}`);
    let answer = file;
    if (encoding !== undefined && compressed !== undefined && compressed !== 'large') {
      answer = compressed;
      headers['Content-Encoding'] = encoding;
    }
    if (answer !== file || statSync(`${path}.gz`, { throwIfNoEntry: false }) !== undefined) {
      headers['Vary'] = 'Accept-Encoding';
    }
    headers['Content-Length'] = String(answer.body.byteLength);
    headers['Last-Modified'] = answer.stats.mtime.toUTCString();
    return new PlainResponse(answer.body, 200, headers);
  };
}
