import type { Db } from '../../store/sqlite/driver';
import type { Gazetteer } from '../../cells/gazetteer';
import type { CsvInput } from './input';
import type { ProgressState } from './progress';

export interface ImportOptions {
  /** An open database (left open, schema assumed migrated) or a file to open, migrate and close. */
  db?: Db;
  file?: string;
  /** OpenCelliD CSV, plain or gzip, or an export to download. */
  input: CsvInput;
  /** Rows a transaction holds, sorted in memory (DEFAULT_BATCH_SIZE); an import of no more is one transaction. */
  batchSize?: number;
  onProgress?: (state: ProgressState) => void;
  /** Aborting stops reading; rows already read are written, then the report says `interrupted`. */
  signal?: AbortSignal;
  /** Names rows in this thread with this gazetteer instead of reading and naming in a worker thread. */
  gazetteer?: Gazetteer;
  /** Read and check rows in a worker thread while this one names them and writes (default true). */
  thread?: boolean;
  /** SQLite page cache for the import, in MiB (DEFAULT_CACHE_MB). */
  cacheMb?: number;
  /** WAL size, in pages, that triggers a checkpoint during the import. */
  checkpointPages?: number;
  /**
   * Rebuild the cells-in-view index once at the end instead of row by row; by default when the file holds at
   * least BULK_INDEX_MIN_ROWS rows and at least half as many as the database has cells (see bulkIndex).
   */
  bulkIndex?: boolean;
}
