/** Bytes gathered before they are written: about a thousand access-log lines. */
const BATCH_BYTES = 64 * 1024;
/** The longest a line waits to be written. */
const LATEST_MS = 50;

export interface LogWriter {
  /** Writes `line` with the time before it (ISO 8601, UTC), soon. */
  log(line: string): void;
  /** Writes what is gathered now. */
  flush(): void;
}

/**
 * Log lines gathered and written together a moment later, as bytes: a write per request costs more than the
 * request, and a thousand strings kept until the write cost the garbage collector about as much as writing
 * their bytes at once into one buffer.
 */
export function createLogWriter(
  write: (bytes: Buffer) => void,
  now: () => number = Date.now,
  batchBytes = BATCH_BYTES,
): LogWriter {
  let buffer = Buffer.allocUnsafe(batchBytes);
  let used = 0;
  let stampedAt = Number.NaN;
  let stamp = '';
  function flush(): void {
    if (used === 0) return;
    const bytes = buffer.subarray(0, used);
    // A new buffer: the write may still be reading this one (a pipe).
    buffer = Buffer.allocUnsafe(batchBytes);
    used = 0;
    write(bytes);
  }
  return {
    flush,
    log(line) {
      const at = now();
      if (at !== stampedAt) [stampedAt, stamp] = [at, new Date(at).toISOString()];
      // At most three bytes a UTF-16 unit, the stamp ASCII, a space and a newline.
      const most = stamp.length + line.length * 3 + 2;
      if (used + most > batchBytes) flush();
      if (most > batchBytes) {
        write(Buffer.from(`${stamp} ${line}\n`));
        return;
      }
      if (used === 0) setTimeout(flush, LATEST_MS).unref();
      used += buffer.write(stamp, used, 'latin1');
      buffer[used++] = 0x20;
      used += buffer.write(line, used, 'utf8');
      buffer[used++] = 0x0a;
    },
  };
}
