import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import type Database from 'better-sqlite3';

/* The WAL-index header's first copy (SQLite's walformat document: two 48-byte copies at the start of the -shm file;
   a writer updates the second, then this one). */
const HEADER_BYTES = 48;

export interface CommitCounter {
  /** Changes whenever any connection (this process's or another's, the admin command line) has committed. */
  version(): string;
  /** Closes the -shm file: only once no connection of this process has the database open (see below). */
  close(): void;
}

/**
 * Commits by any connection, seen as SQLite's WAL-index header changes: every commit rewrites it (more frames in the
 * log, or new salts when the log starts over), so 48 bytes read from the -shm file tell what PRAGMA data_version
 * tells, without the read lock it takes and gives back (two fcntl calls a request, a third of the service's CPU
 * beyond a bare server's under load). While this process has the database open no one can take it out of WAL mode
 * (SQLite answers SQLITE_BUSY), so a commit by another process always passes through that header. A database
 * without a -shm file (in memory, or not in WAL mode) asks PRAGMA data_version instead.
 *
 * The file is opened at the first ask and kept open: closing any descriptor of a file drops every POSIX lock this
 * process holds on it, SQLite's own on the -shm file included, so it is closed only once the database is.
 */
export function commitCounter(db: Database.Database): CommitCounter {
  const pragma = db.prepare<[], number>('PRAGMA data_version').pluck();
  const byPragma = (): string => `p${pragma.get() ?? 0}`;
  const inWal = !db.memory && String(db.pragma('journal_mode', { simple: true })).toLowerCase() === 'wal';
  if (!inWal) return { version: byPragma, close: () => undefined };
  const file = resolve(`${db.name}-shm`);
  let fd: number | undefined;
  const seen = Buffer.alloc(HEADER_BYTES);
  const now = Buffer.alloc(HEADER_BYTES);
  let commits = 0;
  return {
    version() {
      // The connection has made the file by now (journal_mode = WAL read the database); if it is gone since
      // (removed by hand: SQLite keeps using the file it has open), the pragma still answers.
      if (fd === undefined) {
        try {
          fd = openSync(file, 'r');
        } catch {
          return byPragma();
        }
      }
      // Shorter than a header: no connection has set the index up yet; the pragma does that.
      if (readSync(fd, now, 0, HEADER_BYTES, 0) < HEADER_BYTES) return byPragma();
      if (!now.equals(seen)) {
        now.copy(seen);
        commits++;
      }
      return `w${commits}`;
    },
    close() {
      if (fd !== undefined) closeSync(fd);
      fd = undefined;
    },
  };
}

/**
 * `version` read at most once a turn of the event loop, for the service's freshness checks: the requests read in one
 * turn are judged at the version the first of them found. Under load many requests share a turn, and each read of
 * the -shm file is a system call that cost a random Cell read more than its SQLite lookup (docs/performance.md). A
 * commit by another process (or another connection of this one) is seen from the next turn on: by every request
 * whose bytes come after it. This connection's own writes are not in `version`: the caller counts them each time.
 */
export function onceATurn(version: () => string): () => string {
  let now: string | undefined;
  const forget = (): void => {
    now = undefined;
  };
  return () => {
    if (now === undefined) {
      now = version();
      setImmediate(forget).unref();
    }
    return now;
  };
}
