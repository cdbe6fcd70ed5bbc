import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { sharedCluster } from '../../../scripts/pg-cluster';

/** Whether this run has PostgreSQL (scripts/pg-test-setup.ts); when not, why, for `describe.skipIf`. */
export const postgresSkipped: string | false = (() => {
  const given = inject('postgres');
  return given.kind === 'skip' ? given.reason : false;
})();

async function serverUrls(): Promise<{ url: string; adminUrl: string }> {
  const given = inject('postgres');
  if (given.kind === 'skip') throw new Error(given.reason);
  if (given.kind === 'given') return given;
  return sharedCluster(given.owner, { fast: true, ...(given.ports !== undefined && { ports: given.ports }) });
}

/** `url` with another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

async function asAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface TestDatabase {
  /** The connection string of this file's database, as the service's role (no superuser); set in beforeAll. */
  readonly url: string;
  /**
   * A fresh, empty database, dropped with this file's: the service's role owns it, or, with `owner: 'admin'`, the
   * superuser does (the service's role then has no right to create anything in it).
   */
  another(options?: { owner?: 'service' | 'admin' }): Promise<string>;
}

/**
 * A database of this test file's own on the run's PostgreSQL, owned by the service's role, made in beforeAll and
 * dropped (connections and all) in afterAll.
 */
export function testDatabase(): TestDatabase {
  const made: string[] = [];
  let urls: { url: string; adminUrl: string } | undefined;
  let url = '';
  const create = async (options: { owner?: 'service' | 'admin' } = {}): Promise<string> => {
    urls ??= await serverUrls();
    const { adminUrl } = urls;
    const owner = decodeURIComponent(new URL(options.owner === 'admin' ? adminUrl : urls.url).username);
    const name = `test_${randomBytes(6).toString('hex')}`;
    await asAdmin(adminUrl, (client) =>
      client.query(`CREATE DATABASE ${name} OWNER "${owner.replaceAll('"', '""')}" TEMPLATE template0`),
    );
    made.push(name);
    return withDatabase(urls.url, name);
  };
  beforeAll(async () => {
    url = await create();
  }, 120_000);
  afterAll(async () => {
    if (urls === undefined) return;
    const { adminUrl } = urls;
    await asAdmin(adminUrl, async (client) => {
      for (const name of made.splice(0)) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  });
  return {
    get url() {
      return url;
    },
    another: create,
  };
}
