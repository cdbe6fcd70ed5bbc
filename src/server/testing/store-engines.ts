import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import { seedDemoOnce } from '../demo/demo-data';
import { openStore } from '../store/open-store';
import { openPostgresStore } from '../store/postgres/open';
import { postgresSkipped, testDatabase } from './postgres-database';
import type { ServiceStore } from '../store/service-store';
import Database from '../store/sqlite';

/** One engine of the store, for a suite that runs against each: the same tests, never a stand-in for either. */
export interface TestEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** Why this engine's tests do not run here (PostgreSQL not installed), else false. */
  skip: string | false;
  /** A store on a database of its own, empty or with the demo data, closed after the test. */
  open(options?: { demo?: boolean }): Promise<ServiceStore>;
  /** SQL run on the store's database by another connection, as the admin command line or an administrator would. */
  exec(store: ServiceStore, sql: string): Promise<void>;
}

const TABLES =
  'developers, service_keys, users, cells, cell_answers, rate_buckets, oidc_records, oidc_signing_keys, camara_clients, camara_subjects, ciba_polls, camara_consumer_tokens, camara_consumer_questions';

/** SQLite (a file of its own per store) and PostgreSQL (this file's database, emptied for each store). */
export function storeEngines(prefix: string): TestEngine[] {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const opened: ServiceStore[] = [];
  afterEach(async () => {
    for (const store of opened.splice(0)) await store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const files = new Map<ServiceStore, string>();
  let n = 0;
  const database = postgresSkipped === false ? testDatabase() : undefined;
  const keep = async (store: ServiceStore, demo: boolean | undefined): Promise<ServiceStore> => {
    opened.push(store);
    if (demo === true) await seedDemoOnce(store);
    return store;
  };
  return [
    {
      name: 'SQLite',
      skip: false,
      open({ demo } = {}) {
        const file = join(dir, `${++n}.db`);
        const store = openStore(file);
        files.set(store, file);
        return keep(store, demo);
      },
      async exec(store, sql) {
        const db = new Database(files.get(store) ?? '');
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
    },
    {
      name: 'PostgreSQL',
      skip: postgresSkipped,
      async open({ demo } = {}) {
        const url = database?.url ?? '';
        const store = await openPostgresStore(url, { poolSize: 4 });
        await store.db.query('empty', `TRUNCATE ${TABLES} RESTART IDENTITY CASCADE`);
        return keep(store, demo);
      },
      async exec(_store, sql) {
        const client = new pg.Client({ connectionString: database?.url ?? '' });
        await client.connect();
        try {
          await client.query(sql);
        } finally {
          await client.end();
        }
      },
    },
  ];
}
