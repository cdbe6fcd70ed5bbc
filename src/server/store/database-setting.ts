import { checkDatabaseUrl } from './postgres/pool';

/** Where the service's data is (config.ts readDatabase). */
export interface DatabaseChoice {
  /** PostgreSQL's connection string; undefined: the SQLite file. */
  url: string | undefined;
  /** Connections per process at most (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** The SQLite file (POSITIONING_DB), used when `url` is undefined. */
  file: string;
}

/** DATABASE_URL, checked: a postgres:// URL naming a database. `read` reads a setting; `fail` throws, naming it. */
export function parseDatabaseUrl(
  read: (name: string) => string | undefined,
  fail: (variable: string, problem: string) => never,
): string | undefined {
  const url = read('DATABASE_URL');
  if (url === undefined) return undefined;
  const problem = checkDatabaseUrl(url);
  if (problem !== undefined) return fail('DATABASE_URL', problem);
  return url;
}
