import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { StoreError } from './records';

/**
 * Creates the folder a database file goes in, one level at a time. Node's recursive mkdir loops for ever (a core
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
      mkdirSync(each);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw cannotCreate(each, error);
    }
  }
}

function cannotCreate(folder: string, error: unknown): StoreError {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  return new StoreError(`cannot create the folder ${folder} (${code})`);
}
