import Database from 'better-sqlite3';
import { createAdmin, type Admin } from './admin';
import { ensureFolderOf } from './folder';
import { migrate } from './schema';
import { createServiceReads, type ServiceReads } from './service-reads';

export interface Store extends ServiceReads, Admin {
  close(): void;
}

export function openStore(file: string): Store {
  ensureFolderOf(file);
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }
  return {
    ...createServiceReads(db),
    ...createAdmin(db),
    close() {
      if (db.open) db.close();
    },
  };
}
