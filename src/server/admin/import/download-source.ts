import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { openStream } from '../../platform/net/outbound';
import { CHUNK_BYTES, type CsvSource } from './csv-source';

/** An OpenCelliD export to download and import as it arrives. `name` is what reports show (never the token). */
export interface DownloadInput {
  url: string;
  name: string;
}

/** A download that cannot be imported, with a message that says why and what to do. */
export class DownloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DownloadError';
  }
}

/** The errors OpenCelliD's download endpoint answers with HTTP 200 and a small JSON body instead of gzip. */
const KNOWN_ERRORS: Record<string, string> = {
  INVALID_TOKEN: 'OpenCelliD refused the token (INVALID_TOKEN): check OPENCELLID_KEY',
  RATE_LIMITED:
    "OpenCelliD's download limit for this token is reached (RATE_LIMITED): downloads are limited per day; try again tomorrow",
};

const SNIFF_BYTES = 64 * 1024;

/** How long the export's server may take to start answering; the download itself may take as long as it takes. */
const HEADERS_WITHIN_MS = 60_000;

function refusal(bytes: Uint8Array, name: string): DownloadError {
  const text = new TextDecoder().decode(bytes).trim();
  try {
    const body = JSON.parse(text) as { status?: unknown; message?: unknown };
    const message = typeof body.message === 'string' ? body.message : '';
    if (KNOWN_ERRORS[message] !== undefined) return new DownloadError(KNOWN_ERRORS[message]);
    return new DownloadError(
      `OpenCelliD answered ${name} with an error: ${JSON.stringify(body).slice(0, 200)}`,
    );
  } catch {
    const start = text.slice(0, 80).replace(/\s+/g, ' ');
    return new DownloadError(`${name} is not a gzip file (it starts "${start}")`);
  }
}

/**
 * Opens an OpenCelliD export as a stream of decompressed chunks: the gzip magic bytes tell an export from an error
 * body. Bytes count the compressed download, against its Content-Length, for the progress bar.
 */
export async function openDownloadSource(input: DownloadInput): Promise<CsvSource> {
  const controller = new AbortController();
  const opened = await openStream({
    url: input.url,
    timeoutMs: HEADERS_WITHIN_MS,
    signal: controller.signal,
    // The export may be served from elsewhere than the address asked; the token is in the query, never shown.
    redirect: 'follow',
    secrets: [...new URL(input.url).searchParams.values()],
  });
  if (!opened.ok) {
    throw new DownloadError(`OpenCelliD could not be reached for ${input.name} (${opened.detail})`);
  }
  const { response } = opened;
  if (response.status !== 200 || response.body === null) {
    await response.body?.cancel().catch(() => undefined);
    const hint = response.status === 404 ? ': no such export (is the MCC right?)' : '';
    throw new DownloadError(`OpenCelliD answered HTTP ${response.status} for ${input.name}${hint}`);
  }
  const reader = response.body.getReader();
  let bytesRead = 0;
  const head: Uint8Array[] = [];
  let headBytes = 0;
  while (headBytes < 2) {
    const { done, value } = await reader.read();
    if (done) break;
    head.push(value);
    headBytes += value.byteLength;
    bytesRead += value.byteLength;
  }
  const first = Buffer.concat(head);
  if (first.byteLength < 2 || first[0] !== 0x1f || first[1] !== 0x8b) {
    let sniffed = first;
    while (sniffed.byteLength < SNIFF_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      sniffed = Buffer.concat([sniffed, value]);
    }
    await reader.cancel().catch(() => undefined);
    if (sniffed.byteLength === 0)
      throw new DownloadError(`OpenCelliD sent an empty answer for ${input.name}`);
    throw refusal(sniffed, input.name);
  }
  async function* compressed(): AsyncGenerator<Uint8Array> {
    yield first;
    for (;;) {
      let next: ReadableStreamReadResult<Uint8Array>;
      try {
        next = await reader.read();
      } catch (error) {
        throw new DownloadError(
          `the download broke off after ${bytesRead} bytes (${(error as Error).message})`,
        );
      }
      if (next.done) return;
      bytesRead += next.value.byteLength;
      yield next.value;
    }
  }
  const raw = Readable.from(compressed(), { objectMode: false });
  const chunks = pipeline(raw, createGunzip({ chunkSize: CHUNK_BYTES }), () => undefined);
  return {
    chunks,
    gzip: true,
    totalBytes: Number(response.headers.get('content-length') ?? 0) || 0,
    bytesRead: () => bytesRead,
    close: () => {
      chunks.destroy();
      raw.destroy();
      controller.abort();
    },
  };
}
