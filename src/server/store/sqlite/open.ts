import Database, { type Db } from './driver';
import { createAdmin } from './admin';
import { type Admin } from '../admin-port';
import { createCamaraStore, hashClearRecords } from './camara';
import type { CamaraStore } from '../camara-store';
import { createConsumerStore } from './camara-consumer';
import type { CamaraConsumerStore } from '../camara-consumer-store';
import { createWatchStore } from './watches';
import type { WatchStore } from '../watch-store';
import { boxThreads } from './box-threads';
import { commitCounter, onceATurn } from './commit-counter';
import { createCellCache } from './cell-cache';
import { type CacheLifetimes, type CellCache } from '../cell-cache-port';
import { ensureFolderOf, keepPrivate } from '../folder';
import { migrate } from './schema';
import { createServiceReads } from './service-reads';
import { type ServiceReads } from '../service-reads-port';
import { sealKeyOf } from '../seal-key';
import { jwkSeal } from '../sealed-jwk';
import { createGeofenceSqlite } from './geofencing';
import type { GeofenceStore } from '../geofence-store';
import { sinkSeal } from '../sink-seal';

/** The SQLite store: every answer at once (it satisfies ServiceStore, whose answers may come later). */
export interface Store extends ServiceReads, Admin {
  readonly engine: 'SQLite';
  /** The database file. */
  readonly where: string;
  /** The live cell sources' answers in this database, kept for the given lifetimes. */
  cellCache(lifetimes: CacheLifetimes): CellCache;
  /** The service as a CAMARA operator: its OpenID provider's state, API consumers and subscribers. */
  camara: CamaraStore;
  /** One process holds a SQLite file's service: its rate limits stay in that process's memory. */
  readonly buckets: undefined;
  /** `work` in one transaction (BEGIN IMMEDIATE: the only writer until it ends); the admin's own become savepoints. */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /** The service as a CAMARA API consumer: the operator's tokens and the users' open questions. */
  camaraConsumer: CamaraConsumerStore;
  /** The operator's CAMARA geofencing subscriptions and their undelivered events. */
  geofencing: GeofenceStore;
  /** "Watch my phone": the users' geofencing watches and their events. */
  camaraWatches: WatchStore;
  close(): void;
}

/**
 * Opens the database file (made, with its folder, when missing; its user's only) in WAL mode, its schema migrated
 * and no token left in the clear.
 */
export function openDatabase(file: string, { foreignKeys = true } = {}): Db {
  ensureFolderOf(file);
  keepPrivate(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    if (foreignKeys) db.pragma('foreign_keys = ON');
    migrate(db);
    hashClearRecords(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

/** Most bytes of the database file SQLite reads through a memory map (PRAGMA mmap_size): 1 GiB. */
export const MAPPED_BYTES = 2 ** 30;

/**
 * The service's reads take the file's pages from a memory map instead of a read() call and a copy into SQLite's own
 * page cache of 2 MB each: a Cell read at random among a million cells misses that cache and paid for both
 * (docs/performance.md, the service at scale). Pages still in the WAL are read as before. The service's connection
 * only: an import writes through a connection of its own.
 */
function readPagesMapped(db: Db): void {
  db.pragma(`mmap_size = ${MAPPED_BYTES}`);
}

/**
 * The SQLite store in `file`. `sealKey` (STORE_SEAL_KEY) is the secret what it keeps sealed is sealed under;
 * without it, the key file beside the database (seal-key.ts).
 */
export function openStore(file: string, { sealKey }: { sealKey?: string | undefined } = {}): Store {
  const db = openDatabase(file);
  readPagesMapped(db);
  let queue: Promise<unknown> = Promise.resolve();
  // Cells in view off the event loop, from threads reading the same file; a database in memory has no file to share.
  const threads = file === ':memory:' || file === '' ? undefined : boxThreads(file);
  const commits = commitCounter(db);
  const seal = sealKeyOf(sealKey, file);
  return {
    engine: 'SQLite',
    where: file,
    buckets: undefined,
    ...createServiceReads(db, onceATurn(commits.version)),
    ...(threads !== undefined && { cellsInBox: threads.cellsInBox }),
    ...createAdmin(db),
    cellCache: (lifetimes) => createCellCache(db, lifetimes),
    camara: createCamaraStore(db, jwkSeal(seal)),
    geofencing: createGeofenceSqlite(db, sinkSeal(seal)),
    exclusive(work) {
      // One connection: work that waits must not begin while another's transaction is open on it.
      const turn = queue.then(async () => {
        db.exec('BEGIN IMMEDIATE');
        try {
          const result = await work();
          db.exec('COMMIT');
          return result;
        } catch (error) {
          if (db.inTransaction) db.exec('ROLLBACK');
          throw error;
        }
      });
      queue = turn.catch(() => undefined);
      return turn;
    },
    camaraConsumer: createConsumerStore(db),
    camaraWatches: createWatchStore(db),
    close() {
      if (db.open) db.close();
      // The -shm file last: closing it drops the process's locks on it, the threads' connections' too.
      void Promise.resolve(threads?.close()).finally(() => commits.close());
    },
  };
}
