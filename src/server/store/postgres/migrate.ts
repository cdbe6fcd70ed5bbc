import type pg from 'pg';
import { StoreError } from '../records';
import { LOCKS } from './locks';
import { takeClient } from './pool';
import schema from './migrations/001-schema';
import changes from './migrations/002-changes';
import cellsInView from './migrations/003-cells-in-view';
import rateBuckets from './migrations/004-rate-buckets';
import camara from './migrations/005-camara';
import camaraConsumer from './migrations/006-camara-consumer';
import camaraConsents from './migrations/007-camara-consents';
import geofencingSubscriptions from './migrations/008-geofencing-subscriptions';
import cellCounts from './migrations/009-cell-counts';
import camaraWatches from './migrations/010-camara-watches';

/** Numbered migrations, applied in order, each in its own transaction. Append, never edit. */
export const MIGRATIONS: ReadonlyArray<{ name: string; sql: string }> = [
  { name: '001-schema', sql: schema },
  { name: '002-changes', sql: changes },
  { name: '003-cells-in-view', sql: cellsInView },
  { name: '004-rate-buckets', sql: rateBuckets },
  { name: '005-camara', sql: camara },
  { name: '006-camara-consumer', sql: camaraConsumer },
  { name: '007-camara-consents', sql: camaraConsents },
  { name: '008-geofencing-subscriptions', sql: geofencingSubscriptions },
  { name: '009-cell-counts', sql: cellCounts },
  { name: '010-camara-watches', sql: camaraWatches },
];

/** The advisory lock migrations run under, so replicas that start at once take turns (locks.ts). */
const MIGRATION_LOCK = LOCKS.migrations;

/**
 * Brings the database's schema up to date (up to `target`, for tests of older schemas): under an advisory lock, so
 * of several replicas starting together one migrates and the others then find nothing left to do. Returns the
 * version the database is at.
 */
export async function migrate(pool: pg.Pool, target = MIGRATIONS.length): Promise<number> {
  const { client, release } = await takeClient(pool);
  try {
    await client.query('SELECT pg_advisory_lock($1, $2)', [...MIGRATION_LOCK]);
    try {
      await client
        .query(
          `CREATE TABLE IF NOT EXISTS schema_migrations (
            version integer PRIMARY KEY,
            name text NOT NULL,
            applied_at timestamptz NOT NULL DEFAULT now()
          )`,
        )
        .catch((error: unknown) => {
          throw migrationFailed('000-migrations-table', error);
        });
      const { rows } = await client.query<{ version: number | null }>(
        'SELECT max(version) AS version FROM schema_migrations',
      );
      const current = rows[0]?.version ?? 0;
      if (current > MIGRATIONS.length) {
        throw new StoreError(
          `database schema version ${current} is newer than this program knows (${MIGRATIONS.length})`,
        );
      }
      for (let version = current + 1; version <= target; version++) {
        const migration = MIGRATIONS[version - 1];
        if (migration === undefined) break;
        await client.query('BEGIN');
        try {
          await client.query(migration.sql);
          await client.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
            version,
            migration.name,
          ]);
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw migrationFailed(migration.name, error);
        }
      }
      return Math.max(current, Math.min(target, MIGRATIONS.length));
    } finally {
      await client.query('SELECT pg_advisory_unlock($1, $2)', [...MIGRATION_LOCK]);
    }
  } finally {
    release();
  }
}

/** A migration's failure in words an administrator can act on: a missing right says which. */
function migrationFailed(name: string, error: unknown): StoreError {
  const code = (error as { code?: unknown }).code;
  const message = (error as Error).message;
  if (code === '42501') {
    return new StoreError(
      `cannot create the schema (migration ${name}): ${message}. The database role needs the CREATE right on the ` +
        'database and its schema (simplest: make it the database owner); see docs/deploying-postgresql.md',
    );
  }
  return new StoreError(`migration ${name} failed: ${message}`);
}
