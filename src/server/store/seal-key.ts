import { randomBytes } from 'node:crypto';
import { linkSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { ensureFolderOf, tighten } from './folder';
import { StoreError } from './records';

/** The setting that gives the key secrets are sealed under at rest (config.ts readDatabase). */
export const SEAL_KEY_SETTING = 'STORE_SEAL_KEY';

/** A secret shorter than this is refused: the key is derived from it, and a short one could be guessed. */
export const SEAL_KEY_MIN_LENGTH = 32;

/** The secret the store seals what it keeps at rest under (the OpenID provider's signing keys). */
export interface SealKey {
  /** For messages: the setting, or the file, that holds the secret. */
  readonly where: string;
  /** The secret; when there is none yet, made (and kept where `where` says) only when `make` is true. */
  secret(make: boolean): string | undefined;
}

/** The key file beside a SQLite database file (positioning.db: positioning.db.key). */
export function sealKeyFile(databaseFile: string): string {
  return `${databaseFile}.key`;
}

/**
 * Where the store's seal key comes from: the setting when given (every replica of a PostgreSQL service sets the
 * same), else a file beside the database file, made on first need with 32 random bytes, its user's only. A
 * database in memory has a key in memory.
 */
export function sealKeyOf(setting: string | undefined, databaseFile: string): SealKey {
  if (setting !== undefined) return { where: SEAL_KEY_SETTING, secret: () => setting };
  if (databaseFile === ':memory:' || databaseFile === '') return memorySealKey();
  const file = sealKeyFile(databaseFile);
  let known: string | undefined;
  return {
    where: file,
    secret(make) {
      known ??= readKeyFile(file) ?? (make ? makeKeyFile(file) : undefined);
      return known;
    },
  };
}

/** A key that lives as long as this process: for a database in memory and for tests. */
export function memorySealKey(): SealKey {
  const secret = randomBytes(32).toString('base64url');
  return { where: 'a key in memory', secret: () => secret };
}

function readKeyFile(file: string): string | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new StoreError(`cannot read the key file ${file} (${(error as NodeJS.ErrnoException).code})`);
  }
  tighten(file);
  const secret = text.trim();
  if (secret.length < SEAL_KEY_MIN_LENGTH) {
    throw new StoreError(`the key file ${file} holds fewer than ${SEAL_KEY_MIN_LENGTH} characters`);
  }
  return secret;
}

function makeKeyFile(file: string): string {
  const secret = randomBytes(32).toString('base64url');
  // Written whole under a name of this process's, then linked: of two processes that start together, one makes
  // the file and the other reads it, never half written.
  const draft = `${file}.${process.pid}.new`;
  try {
    ensureFolderOf(file);
    writeFileSync(draft, `${secret}\n`, { mode: 0o600, flag: 'w' });
    linkSync(draft, file);
    return secret;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const made = code === 'EEXIST' ? readKeyFile(file) : undefined;
    if (made !== undefined) return made;
    throw new StoreError(`cannot make the key file ${file} (${code ?? (error as Error).message})`);
  } finally {
    rmSync(draft, { force: true });
  }
}
