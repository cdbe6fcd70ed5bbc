import Database, { type Db } from './sqlite';
import { createAdmin, type Admin } from './admin';
import { createCamaraStore } from './camara-sqlite';
import type { CamaraStore } from './camara-store';
import { createConsumerStore } from './camara-consumer-sqlite';
import type { CamaraConsumerStore } from './camara-consumer-store';
import { boxThreads } from './box-threads';
import { createCellCache, type CacheLifetimes, type CellCache } from './cell-cache';
import { ensureFolderOf } from './folder';
import { migrate } from './schema';
import { createServiceReads, type ServiceReads } from './service-reads';

export interface Store extends ServiceReads, Admin {
  /** The live cell sources' answers in this database, kept for the given lifetimes. */
  cellCache(lifetimes: CacheLifetimes): CellCache;
  /** The service as a CAMARA operator: its OpenID provider's state, API consumers and subscribers. */
  camara: CamaraStore;
  /** The service as a CAMARA API consumer: the operator's tokens and the users' open questions. */
  camaraConsumer: CamaraConsumerStore;
  close(): void;
}

/** Opens the database file (made, with its folder, when missing) in WAL mode, its schema migrated. */
export function openDatabase(file: string, { foreignKeys = true } = {}): Db {
  ensureFolderOf(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    if (foreignKeys) db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return db;
}

export function openStore(file: string): Store {
  const db = openDatabase(file);
  // Cells in view off the event loop, from threads reading the same file; a database in memory has no file to share.
  const threads = file === ':memory:' || file === '' ? undefined : boxThreads(file);
  return {
    ...createServiceReads(db),
    ...(threads !== undefined && { cellsInBox: threads.cellsInBox }),
    ...createAdmin(db),
    cellCache: (lifetimes) => createCellCache(db, lifetimes),
    camara: createCamaraStore(db),
    camaraConsumer: createConsumerStore(db),
    close() {
      void threads?.close();
      if (db.open) db.close();
    },
  };
}
