import { checkDatabaseUrl } from './postgres/pool';
import { SEAL_KEY_MIN_LENGTH, SEAL_KEY_SETTING } from './seal-key';

/** Where the service's data is (config.ts readDatabase). */
export interface DatabaseChoice {
  /** PostgreSQL's connection string; undefined: the SQLite file. */
  url: string | undefined;
  /** Connections per process at most (DATABASE_POOL_SIZE). */
  poolSize: number;
  /** The SQLite file (POSITIONING_DB), used when `url` is undefined; the seal key's file is beside it. */
  file: string;
  /** The secret the store seals what it keeps at rest under (STORE_SEAL_KEY); undefined: the key file. */
  sealKey?: string | undefined;
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

/** STORE_SEAL_KEY, checked: the secret what the store keeps sealed is sealed under (seal-key.ts); unset: a file. */
export function parseSealKey(
  read: (name: string) => string | undefined,
  fail: (variable: string, problem: string) => never,
): string | undefined {
  const secret = read(SEAL_KEY_SETTING);
  if (secret !== undefined && secret.length < SEAL_KEY_MIN_LENGTH) {
    return fail(
      SEAL_KEY_SETTING,
      `at least ${SEAL_KEY_MIN_LENGTH} characters (openssl rand -base64 32 makes one)`,
    );
  }
  return secret;
}
