import type { Gazetteer } from '../../cells/gazetteer';
import { openCsvSource, type CsvInput } from './input';
import {
  emptyCell,
  isHeaderLine,
  LineSplitter,
  lineText,
  parseCellBytes,
  SKIP_REASONS,
  type SkipReason,
} from './opencellid-csv';

export const MAX_LISTED_SKIPS = 20;

export interface SkippedLine {
  line: number;
  reason: string;
  text: string;
}

/** Valid rows, column by column (no object per row), with each row's town name. Transferable to a thread. */
export interface RowBatch {
  length: number;
  /** mcc × 1000 + mnc: one number to sort on before cellid. */
  key: Float64Array;
  cellid: Float64Array;
  lac: Float64Array;
  lat: Float64Array;
  lon: Float64Array;
  samples: Float64Array;
  /** Metres; -1 unknown. */
  range: Int32Array;
  /** Unix seconds; 0 unknown. */
  updated: Uint32Array;
  /** A code in RADIO_CODES (0: unknown). */
  radio: Uint8Array;
  /** Index of each row's town in the gazetteer's `names` (-1 until named, when read without a gazetteer). */
  town: Int32Array;
}

export interface ReadStats {
  gzip: boolean;
  header: boolean;
  /** Data lines read (not the header, not blank lines). */
  rows: number;
  valid: number;
  skipped: number;
  skippedByReason: Partial<Record<SkipReason, number>>;
  firstSkipped: SkippedLine[];
  bytesRead: number;
  totalBytes: number;
}

export function emptyStats(): ReadStats {
  return {
    gzip: false,
    header: false,
    rows: 0,
    valid: 0,
    skipped: 0,
    skippedByReason: {},
    firstSkipped: [],
    bytesRead: 0,
    totalBytes: 0,
  };
}

/** The columns of a RowBatch, each a typed array of the batch's capacity. */
export const ROW_COLUMNS = [
  'key',
  'cellid',
  'lac',
  'lat',
  'lon',
  'samples',
  'range',
  'updated',
  'radio',
  'town',
] as const;

/** A batch's buffers, to transfer it between threads instead of copying it. */
export const batchBuffers = (batch: RowBatch): ArrayBuffer[] =>
  ROW_COLUMNS.map((column) => batch[column].buffer as ArrayBuffer);

export function newBatch(capacity: number): RowBatch {
  return {
    length: 0,
    key: new Float64Array(capacity),
    cellid: new Float64Array(capacity),
    lac: new Float64Array(capacity),
    lat: new Float64Array(capacity),
    lon: new Float64Array(capacity),
    samples: new Float64Array(capacity),
    range: new Int32Array(capacity),
    updated: new Uint32Array(capacity),
    radio: new Uint8Array(capacity),
    town: new Int32Array(capacity),
  };
}

export interface ReadOptions {
  input: CsvInput;
  batchSize: number;
  /** Names each row's town; without one, rows are left for whoever takes them to name. */
  gazetteer?: Gazetteer;
  /** Updated in place as the file is read. */
  stats: ReadStats;
  /** Asked after every chunk; true stops reading, and the rows read so far come as a last batch. */
  stop?: () => boolean;
  onChunk?: () => void;
  /** Where a new batch of `batchSize` rows comes from (a pool of batches handed back, say); a fresh one by default. */
  newBatch?: (capacity: number) => RowBatch;
}

/** Reads, checks and names the rows of an OpenCelliD file, `batchSize` valid rows at a time. */
export async function* readBatches(options: ReadOptions): AsyncGenerator<RowBatch> {
  const { batchSize, gazetteer, stats } = options;
  const source = await openCsvSource(options.input);
  stats.gzip = source.gzip;
  stats.totalBytes = source.totalBytes;
  const full: RowBatch[] = [];
  const make = options.newBatch ?? newBatch;
  let batch = make(batchSize);
  const cell = emptyCell();
  let lineNo = 0;

  const splitter = new LineSplitter((bytes, start, end) => {
    lineNo++;
    if (end === start) return;
    if (lineNo === 1 && isHeaderLine(lineText(bytes, start, end, 1000))) {
      stats.header = true;
      return;
    }
    stats.rows++;
    const reason = parseCellBytes(bytes, start, end, cell);
    if (reason !== undefined) {
      stats.skipped++;
      stats.skippedByReason[reason] = (stats.skippedByReason[reason] ?? 0) + 1;
      if (stats.firstSkipped.length < MAX_LISTED_SKIPS) {
        stats.firstSkipped.push({
          line: lineNo,
          reason: SKIP_REASONS[reason],
          text: lineText(bytes, start, end),
        });
      }
      return;
    }
    stats.valid++;
    const i = batch.length++;
    batch.key[i] = cell.mcc * 1000 + cell.mnc;
    batch.cellid[i] = cell.cellid;
    batch.lac[i] = cell.lac;
    batch.lat[i] = cell.lat;
    batch.lon[i] = cell.lon;
    batch.samples[i] = cell.samples;
    batch.range[i] = cell.range;
    batch.updated[i] = Math.max(0, cell.updated);
    batch.radio[i] = cell.radio;
    batch.town[i] = gazetteer === undefined ? -1 : gazetteer.nearestIndex(cell.lat, cell.lon);
    if (batch.length === batchSize) {
      full.push(batch);
      batch = make(batchSize);
    }
  });

  try {
    let stopped = false;
    for await (const chunk of source.chunks) {
      splitter.push(chunk as Buffer);
      stats.bytesRead = source.bytesRead();
      options.onChunk?.();
      while (full.length > 0) yield full.shift()!;
      if (options.stop?.() === true) {
        stopped = true;
        break;
      }
    }
    if (!stopped) splitter.end();
    while (full.length > 0) yield full.shift()!;
    if (batch.length > 0) yield batch;
  } finally {
    source.close();
  }
}
