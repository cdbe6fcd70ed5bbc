import { afterEach, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { StoreError } from '../records';
import { migrate, MIGRATIONS } from './migrate';
import { createPool } from './pool';
import { postgresSkipped, testDatabase } from '../../testing/postgres-database';

describe.skipIf(postgresSkipped)('PostgreSQL migrations', () => {
  const database = testDatabase();
  const pools: pg.Pool[] = [];
  const open = (url: string, size = 2): pg.Pool => {
    const pool = createPool(url, { size });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  const tables = async (pool: pg.Pool): Promise<string[]> =>
    (
      await pool.query<{ name: string }>(
        "SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename",
      )
    ).rows.map((row) => row.name);

  it('makes the whole schema in a new database, and finds nothing to do the next time', async () => {
    const pool = open(await database.another());
    expect(await migrate(pool)).toBe(MIGRATIONS.length);
    expect(await tables(pool)).toEqual([
      'camara_clients',
      'camara_consents',
      'camara_consumer_questions',
      'camara_consumer_tokens',
      'camara_subjects',
      'camara_watch_events',
      'camara_watches',
      'cell_answers',
      'cell_counts',
      'cells',
      'ciba_polls',
      'developers',
      'geofence_events',
      'geofence_subscriptions',
      'oidc_records',
      'oidc_signing_keys',
      'rate_buckets',
      'schema_migrations',
      'service_keys',
      'users',
    ]);
    expect(await migrate(pool)).toBe(MIGRATIONS.length);
    const applied = await pool.query<{ version: number; name: string }>(
      'SELECT version, name FROM schema_migrations ORDER BY version',
    );
    expect(applied.rows).toEqual(MIGRATIONS.map(({ name }, i) => ({ version: i + 1, name })));
  });

  it('applies each migration once when several replicas start at once', async () => {
    const url = await database.another();
    const versions = await Promise.all(Array.from({ length: 6 }, () => migrate(open(url, 1))));
    expect(versions).toEqual(versions.map(() => MIGRATIONS.length));
    const pool = open(url);
    const applied = await pool.query<{ n: number }>('SELECT count(*)::int AS n FROM schema_migrations');
    expect(applied.rows[0]?.n).toBe(MIGRATIONS.length);
  });

  it('goes on from where an older schema stopped', async () => {
    const pool = open(await database.another());
    expect(await migrate(pool, 1)).toBe(1);
    expect(await tables(pool)).toContain('cells');
    const indexes = async () =>
      (
        await pool.query<{ name: string }>(
          "SELECT indexname AS name FROM pg_indexes WHERE tablename = 'cells'",
        )
      ).rows
        .map((row) => row.name)
        .sort();
    expect(await indexes()).toEqual(['cells_pkey']);
    expect(await migrate(pool)).toBe(MIGRATIONS.length);
    expect(await indexes()).toEqual(['cells_pkey', 'cells_position', 'cells_radio_operator']);
  });

  it('refuses a database that a newer program has migrated', async () => {
    const pool = open(await database.another());
    await migrate(pool);
    await pool.query("INSERT INTO schema_migrations (version, name) VALUES (999, 'from the future')");
    await expect(migrate(pool)).rejects.toThrow(
      new StoreError(`database schema version 999 is newer than this program knows (${MIGRATIONS.length})`),
    );
  });

  it('says which right the role lacks when it may not create the schema', async () => {
    const pool = open(await database.another({ owner: 'admin' }));
    const failure = migrate(pool);
    await expect(failure).rejects.toThrow(StoreError);
    await expect(failure).rejects.toThrow(/needs the CREATE right on the database and its schema/);
  });
});
