import { chmodSync, closeSync, mkdirSync, openSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreError } from './records';

/* What the service makes holds secrets (sealed or hashed, but a copy is still worth guarding): its user's only. */
const FOLDER_MODE = 0o700;
const FILE_MODE = 0o600;

/**
 * Creates the folder a database file goes in, one level at a time, each level the service makes its user's only. Node's recursive mkdir loops for ever (a core
 * at 100 %) on a path it cannot create under a pseudo file system such as /proc; this fails at once instead,
 * naming the folder.
 */
export function ensureFolderOf(file: string): void {
  if (file === ':memory:' || file === '') return;
  const missing: string[] = [];
  let folder = dirname(resolve(file));
  for (;;) {
    try {
      if (!statSync(folder).isDirectory()) throw new StoreError(`${folder} is not a folder`);
      break;
    } catch (error) {
      if (error instanceof StoreError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw cannotCreate(folder, error);
    }
    missing.push(folder);
    const parent = dirname(folder);
    if (parent === folder) break;
    folder = parent;
  }
  for (const each of missing.reverse()) {
    try {
      mkdirSync(each, { mode: FOLDER_MODE });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotCreate(each, error);
    }
  }
}

function cannotCreate(folder: string, error: unknown): StoreError {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new StoreError(`cannot create the folder ${folder} (${code})`);
}

/**
 * Makes the database file its user's only before SQLite opens it (SQLite gives its -wal and -shm files the mode of
 * the database file), and tightens the mode of those that exist already: a database made by an older version is
 * readable by everyone.
 */
export function keepPrivate(file: string): void {
  if (file === ':memory:' || file === '') return;
  try {
    closeSync(openSync(file, 'wx', FILE_MODE));
  } catch (error) {
    // There already (this version's or an older one's): tightened below. Anything else stops the open here.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  for (const each of [file, `${file}-wal`, `${file}-shm`]) tighten(each);
}

/** Removes every right of group and others on `file`, when it exists and is the service's to change. */
export function tighten(file: string): void {
  try {
    const { mode } = statSync(file);
    if ((mode & 0o077) !== 0) chmodSync(file, mode & 0o700);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    // Missing (no -wal yet), or another user's file that this one may still open: nothing to tighten here.
    if (code !== 'ENOENT' && code !== 'EPERM') throw error;
  }
}
