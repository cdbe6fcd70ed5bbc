import { access, constants } from 'node:fs/promises';
import { readArgs, UsageError, type Args } from './args';
import { ConfigError, readDatabase, readDbFile } from '../config';
import { printable } from './terminal-text';
import { DEFAULT_BATCH_SIZE, ImportFailed, type ImportReport } from './import/import-cells';
import { importInto, importTarget, targetName, type ImportTarget } from './import/import-into';
import { SKIP_REASONS, type SkipReason } from './import/opencellid-csv';
import { createProgress } from './import/progress';

export interface CommandIo {
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
  /** Whether stdout is a terminal: a redrawn progress bar, else a plain line every 10 s. */
  isTTY: boolean;
}

/** The most rows a transaction of the import may hold in memory: about 1.8 GB at the peak. */
const MAX_BATCH_SIZE = 8_000_000;

/** The options of both import commands, as their usage says them. */
export const IMPORT_OPTIONS = `  --db FILE    database file (default: $POSITIONING_DB or ${readDbFile({})}); with DATABASE_URL set and no
               --db, PostgreSQL, each import in one transaction
  --batch N    rows per transaction (SQLite), each sorted in memory (about 220 bytes a row; a file of
               several transactions also keeps 37 bytes a cell across them), 100 to
               ${MAX_BATCH_SIZE} (default ${DEFAULT_BATCH_SIZE})`;

export const USAGE = `Usage: import-cells FILE [--db FILE] [--batch N]

Imports an OpenCelliD cell export (CSV, plain or .gz) into the service's database.
  FILE         OpenCelliD CSV (radio,mcc,net,area,cell,unit,lon,lat,range,samples,...)
${IMPORT_OPTIONS}
`;

/** `--batch N` of both import commands, rows per transaction; what is wrong with it when it is not one. */
export function readBatchSize(batch: string | undefined): number | string {
  if (batch === undefined) return DEFAULT_BATCH_SIZE;
  const size = /^\d{1,7}$/.test(batch) ? Number(batch) : NaN;
  return size >= 100 && size <= MAX_BATCH_SIZE
    ? size
    : `--batch must be a whole number from 100 to ${MAX_BATCH_SIZE} (got "${batch}")`;
}

export interface ImportArgs {
  input: string;
  target: ImportTarget;
  batchSize: number;
}

export type ParsedArgs =
  { ok: true; args: ImportArgs } | { ok: true; help: true } | { ok: false; error: string };

/** Parses `[import-cells] FILE [--db FILE] [--batch N]`; `--name=value` works too. */
export function parseImportArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): ParsedArgs {
  let parsed: Args;
  try {
    parsed = readArgs(argv[0] === 'import-cells' ? argv.slice(1) : argv, {
      values: ['db', 'batch'],
      flags: [],
    });
  } catch (error) {
    if (error instanceof UsageError) return { ok: false, error: error.message };
    throw error;
  }
  if (parsed.flags.has('help')) return { ok: true, help: true };
  const [input, extra] = parsed.positionals;
  if (input === undefined) return { ok: false, error: 'the OpenCelliD file to import is missing' };
  if (extra !== undefined) return { ok: false, error: `one input file only (got "${input}" and "${extra}")` };
  const db = parsed.values.get('db');
  const batchSize = readBatchSize(parsed.values.get('batch'));
  if (typeof batchSize === 'string') return { ok: false, error: batchSize };
  try {
    return { ok: true, args: { input, target: importTarget(readDatabase(env), db), batchSize } };
  } catch (error) {
    if (error instanceof ConfigError) return { ok: false, error: error.message };
    throw error;
  }
}

const grouped = new Intl.NumberFormat('en-US');
const n = (value: number): string => grouped.format(value);

/** Rows came, and not one of them could be read: the file is not what it should be. */
export function nothingValid(report: ImportReport): boolean {
  return !report.interrupted && report.rows > 0 && report.valid === 0;
}

export function formatReport(report: ImportReport): string {
  const lines = [
    report.interrupted
      ? 'Import interrupted: every finished batch is saved; run the same command again to complete it.'
      : nothingValid(report)
        ? `Nothing imported: none of the ${n(report.rows)} rows is a valid OpenCelliD row.`
        : 'Import finished.',
    `  file            ${printable(report.input)}${report.gzip ? ' (gzip)' : ''}${report.header ? ', with header' : ''}`,
    `  rows read       ${n(report.rows)} in ${report.seconds.toFixed(1)} s (${n(Math.round(report.rowsPerSecond))} rows/s)`,
    `  valid rows      ${n(report.valid)}`,
    `  new cells       ${n(report.inserted)}`,
    `  updated cells   ${n(report.updated)} (replaced by a row with more samples)`,
    `  dropped rows    ${n(report.dropped)} (the cell already had a row with as many or more samples)`,
    `  skipped rows    ${n(report.skipped)}`,
  ];
  for (const [reason, count] of Object.entries(report.skippedByReason)) {
    lines.push(`    ${n(count ?? 0).padStart(10)}  ${SKIP_REASONS[reason as SkipReason]}`);
  }
  if (report.firstSkipped.length > 0) {
    lines.push(`  first ${report.firstSkipped.length} skipped:`);
    for (const skip of report.firstSkipped)
      lines.push(`    line ${skip.line}: ${skip.reason}: ${printable(skip.text)}`);
  }
  lines.push(`  cells in the database: ${n(report.cellsAfter)} (were ${n(report.cellsBefore)})`);
  if (report.steps !== undefined && report.steps.length > 0) {
    lines.push('  time by step:');
    for (const [step, seconds] of report.steps)
      lines.push(`    ${seconds.toFixed(2).padStart(8)} s  ${step}`);
  }
  return `${lines.join('\n')}\n`;
}

/** What the database holds after a failed import, and what to do about it. */
export function heldAfter(error: ImportFailed): string {
  const held = error.held;
  if (held === undefined) return '';
  const lines =
    error.written === 0
      ? [`Nothing of this file was imported: the database holds its ${n(held.cellsAfter)} cells as before.`]
      : [
          `${n(error.written)} cells of this file (new or with more samples) were saved before that, in whole ` +
            `transactions: the database holds ${n(held.cellsAfter)} cells (it held ${n(held.cellsBefore)}). ` +
            'Run the same command again to complete the import.',
        ];
  if (held.indexLeft !== undefined) {
    lines.push(
      `The cells-in-view index could not be rebuilt (${held.indexLeft}): the map shows the cells as they were ` +
        'before this import until it is; the service rebuilds it when it starts with room on the disk.',
    );
  }
  return `${lines.map(printable).join('\n')}\n`;
}

const SIGNAL_EXIT: Partial<Record<NodeJS.Signals, number>> = { SIGINT: 130, SIGTERM: 143 };

/**
 * `import-cells FILE [--db FILE] [--batch N]`. Returns the exit code: 0 done, 1 failed (or rows came and none was
 * valid), 2 bad arguments, 130 (143) interrupted by SIGINT (SIGTERM) after saving the batch in hand.
 */
export async function runImportCommand(
  argv: readonly string[],
  io: CommandIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  const parsed = parseImportArgs(argv, env);
  if (!parsed.ok) {
    io.stderr.write(`import-cells: ${printable(parsed.error)}\n\n${USAGE}`);
    return 2;
  }
  if ('help' in parsed) {
    io.stdout.write(USAGE);
    return 0;
  }
  const { args } = parsed;
  try {
    await access(args.input, constants.R_OK);
  } catch {
    io.stderr.write(`import-cells: cannot read ${printable(args.input)}\n`);
    return 1;
  }

  const controller = new AbortController();
  let signalled: NodeJS.Signals | undefined;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (signalled !== undefined) process.exit(SIGNAL_EXIT[signalled] ?? 1);
    signalled = signal;
    io.stderr.write(`\nimport-cells: ${signal}: saving the batch in hand (again to quit at once)\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const progress = createProgress({ write: (text) => io.stdout.write(text), isTTY: io.isTTY });
  let last = { rows: 0, bytesRead: 0, totalBytes: 0 };
  try {
    io.stdout.write(`Importing ${printable(args.input)} into ${printable(targetName(args.target))}\n`);
    const report = await importInto(args.target, {
      input: args.input,
      batchSize: args.batchSize,
      signal: controller.signal,
      onProgress: (state) => {
        last = state;
        progress.update(state);
      },
    });
    progress.finish(last);
    io.stdout.write(formatReport(report));
    if (nothingValid(report)) {
      io.stderr.write(`import-cells: nothing imported from ${printable(args.input)}: no valid row\n`);
      return 1;
    }
    return report.interrupted ? (SIGNAL_EXIT[signalled ?? 'SIGINT'] ?? 130) : 0;
  } catch (error) {
    progress.finish(last);
    io.stderr.write(`import-cells: ${printable(error instanceof Error ? error.message : String(error))}\n`);
    if (error instanceof ImportFailed && error.held !== undefined) io.stderr.write(heldAfter(error));
    return 1;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
