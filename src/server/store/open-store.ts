import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { createAdmin, type Admin } from './admin';
import { migrate } from './schema';
import { createServiceReads, type ServiceReads } from './service-reads';

export interface Store extends ServiceReads, Admin {
  close(): void;
}

export function openStore(file: string): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
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
