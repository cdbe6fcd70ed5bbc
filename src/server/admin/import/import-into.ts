import type { DatabaseChoice } from '../../store/service-store';
import { StoreError } from '../../store/records';
import { migrate } from '../../store/postgres/migrate';
import { connectionProblem, createPool, redactedUrl } from '../../store/postgres/pool';
import { importCells, type ImportOptions, type ImportReport } from './import-cells';
import { importCellsToPostgres } from './postgres-import';

/** Where an import writes: the SQLite file, or PostgreSQL (DATABASE_URL). */
export type ImportTarget = { file: string } | { url: string; poolSize: number };

/** The target the settings name; `file` (the --db option) names a SQLite file whatever DATABASE_URL says. */
export function importTarget(database: DatabaseChoice, file: string | undefined): ImportTarget {
  if (file !== undefined || database.url === undefined) return { file: file ?? database.file };
  return { url: database.url, poolSize: database.poolSize };
}

/** The target in words: the file, or the server and database without the password. */
export function targetName(target: ImportTarget): string {
  return 'file' in target ? target.file : `${redactedUrl(target.url)} (PostgreSQL)`;
}

/** An OpenCelliD export into the target's database, its schema brought up to date first. */
export async function importInto(
  target: ImportTarget,
  options: Omit<
    ImportOptions,
    'db' | 'file' | 'gazetteer' | 'thread' | 'cacheMb' | 'checkpointPages' | 'bulkIndex'
  >,
): Promise<ImportReport> {
  if ('file' in target) return importCells({ ...options, file: target.file });
  const pool = createPool(target.url, { size: 2 });
  try {
    await migrate(pool).catch((error: unknown) => {
      throw error instanceof StoreError ? error : connectionProblem(target.url, error);
    });
    return await importCellsToPostgres({
      pool,
      input: options.input,
      ...(options.onProgress !== undefined && { onProgress: options.onProgress }),
      ...(options.signal !== undefined && { signal: options.signal }),
    });
  } finally {
    await pool.end();
  }
}
