import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach } from 'vitest';
import { seedDemoOnce } from '../admin/demo-data';
import { openStore } from '../store/sqlite/open';
import { openPostgresStore } from '../store/postgres/open';
import { memorySealKey } from '../store/seal-key';
import { postgresSkipped, testDatabase } from './postgres-database';
import type { ServiceStore } from '../store/service-store';
import Database from '../store/sqlite/driver';

/** One engine of the store, for a suite that runs against each: the same tests, never a stand-in for either. */
export interface TestEngine {
  name: 'SQLite' | 'PostgreSQL';
  /** Why this engine's tests do not run here (PostgreSQL not installed), else false. */
  skip: string | false;
  /** A store on a database of its own, empty or with the demo data, closed after the test. */
  open(options?: { demo?: boolean }): Promise<ServiceStore>;
  /** SQL run on the store's database by another connection, as the admin command line or an administrator would. */
  exec(store: ServiceStore, sql: string): Promise<void>;
  /** The rows a query by another connection reads. */
  rows(store: ServiceStore, sql: string): Promise<Array<Record<string, unknown>>>;
  /** Another store on the same database, opened as a restart opens it (with the same seal key), closed after the test. */
  reopen(store: ServiceStore): Promise<ServiceStore>;
}

const TABLES =
  'developers, service_keys, users, cells, cell_counts, cell_answers, rate_buckets, oidc_records, oidc_signing_keys, camara_clients, camara_subjects, ciba_polls, camara_consumer_tokens, camara_consumer_questions, geofence_subscriptions, geofence_events, camara_consents, camara_watches, camara_watch_events';

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
  const sealKey = memorySealKey();
  const sqlite = (store: ServiceStore) => new Database(files.get(store) ?? '');
  const client = async () => {
    const connected = new pg.Client({ connectionString: database?.url ?? '' });
    await connected.connect();
    return connected;
  };
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
        const db = sqlite(store);
        try {
          db.exec(sql);
        } finally {
          db.close();
        }
      },
      async rows(store, sql) {
        const db = sqlite(store);
        try {
          return db.prepare<[], Record<string, unknown>>(sql).all();
        } finally {
          db.close();
        }
      },
      reopen(store) {
        const file = files.get(store) ?? '';
        const again = openStore(file);
        files.set(again, file);
        return keep(again, false);
      },
    },
    {
      name: 'PostgreSQL',
      skip: postgresSkipped,
      async open({ demo } = {}) {
        const url = database?.url ?? '';
        const store = await openPostgresStore(url, { poolSize: 4, sealKey });
        await store.db.query('empty', `TRUNCATE ${TABLES} RESTART IDENTITY CASCADE`);
        return keep(store, demo);
      },
      async exec(_store, sql) {
        const connected = await client();
        try {
          await connected.query(sql);
        } finally {
          await connected.end();
        }
      },
      async rows(_store, sql) {
        const connected = await client();
        try {
          return (await connected.query<Record<string, unknown>>(sql)).rows;
        } finally {
          await connected.end();
        }
      },
      async reopen() {
        return keep(await openPostgresStore(database?.url ?? '', { poolSize: 4, sealKey }), false);
      },
    },
  ];
}
