import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';

/** What the importer reads: decompressed chunks of CSV, whether from a file or a download. */
export interface CsvSource {
  chunks: AsyncIterable<Buffer>;
  gzip: boolean;
  /** Size of the file on disk (compressed when gzip). */
  totalBytes: number;
  /** Bytes read from the file so far (compressed when gzip), for progress. */
  bytesRead(): number;
  close(): void;
}

/** How much is read, and decompressed, at a time. */
export const CHUNK_BYTES = 256 << 10;

/** Opens a plain or gzip file (told apart by its first two bytes) as a stream of decompressed chunks. */
export async function openFileSource(path: string): Promise<CsvSource> {
  const { size } = await stat(path);
  const handle = await open(path, 'r');
  let gzip: boolean;
  try {
    const magic = Buffer.alloc(2);
    const { bytesRead } = await handle.read(magic, 0, 2, 0);
    gzip = bytesRead === 2 && magic[0] === 0x1f && magic[1] === 0x8b;
  } finally {
    await handle.close();
  }
  const file = createReadStream(path, { highWaterMark: CHUNK_BYTES });
  const chunks = gzip ? pipeline(file, createGunzip({ chunkSize: CHUNK_BYTES }), () => undefined) : file;
  return {
    chunks,
    gzip,
    totalBytes: size,
    bytesRead: () => file.bytesRead,
    close: () => {
      chunks.destroy();
      file.destroy();
    },
  };
}
