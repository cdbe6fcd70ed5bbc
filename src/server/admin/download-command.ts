import { readArgs, UsageError, type Args } from './args';
import { ConfigError, readDatabase, readOpenCellidDownload } from '../config';
import { formatReport, IMPORT_OPTIONS, nothingValid, readBatchSize, type CommandIo } from './import-command';
import type { DownloadInput } from './import/download-source';
import { ImportFailed, type ImportReport } from './import/import-cells';
import { importInto, importTarget, targetName, type ImportTarget } from './import/import-into';
import { createProgress } from './import/progress';

export const DOWNLOAD_USAGE = `Usage: download-opencellid MCC [MCC ...] | --full  [--db FILE] [--batch N]

Downloads OpenCelliD's cell export for each MCC (or the full export) and imports it as it arrives.
  MCC          a mobile country code, three digits (e.g. 244 for Finland)
  --full       the whole world (tens of millions of rows; downloads are limited per day)
${IMPORT_OPTIONS}
Needs OPENCELLID_KEY (your OpenCelliD key is the download token); OPENCELLID_URL changes the address.
`;

export interface DownloadArgs {
  /** Three-digit MCCs, or 'full'. */
  files: string[];
  target: ImportTarget;
  batchSize: number;
}

export function parseDownloadArgs(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): DownloadArgs | 'help' {
  const parsed: Args = readArgs(argv[0] === 'download-opencellid' ? argv.slice(1) : argv, {
    values: ['db', 'batch'],
    flags: ['full'],
  });
  if (parsed.flags.has('help')) return 'help';
  const full = parsed.flags.has('full');
  if (full && parsed.positionals.length > 0) throw new UsageError('give MCCs or --full, not both');
  if (!full && parsed.positionals.length === 0)
    throw new UsageError('the MCC to download is missing (or --full)');
  for (const mcc of parsed.positionals) {
    if (!/^\d{3}$/.test(mcc)) throw new UsageError(`MCC must be three digits (got "${mcc}")`);
  }
  const batchSize = readBatchSize(parsed.values.get('batch'));
  if (typeof batchSize === 'string') throw new UsageError(batchSize);
  return {
    files: full ? ['full'] : [...new Set(parsed.positionals)],
    target: importTarget(readDatabase(env), parsed.values.get('db')),
    batchSize,
  };
}

function downloadOf(file: string, openCellid: { url: string; key: string }): DownloadInput {
  const query = new URLSearchParams({ token: openCellid.key });
  const name = file === 'full' ? 'cell_towers.csv.gz' : `${file}.csv.gz`;
  query.set('type', file === 'full' ? 'full' : 'mcc');
  query.set('file', name);
  return { url: `${openCellid.url}/ocid/downloads?${query}`, name: `OpenCelliD ${name}` };
}

/**
 * `download-opencellid MCC [MCC …] | --full`: each export straight into the importer, one after the other. Returns
 * the exit code: 0 all imported, 1 a download failed (which one and why; what was imported before stays and is
 * said to be partial), 2 bad arguments or settings, 130 interrupted.
 */
export async function runDownloadCommand(
  argv: readonly string[],
  io: CommandIo,
  env: Record<string, string | undefined> = process.env,
): Promise<number> {
  let args: DownloadArgs | 'help';
  let openCellid: { url: string; key: string };
  try {
    args = parseDownloadArgs(argv, env);
    if (args === 'help') {
      io.stdout.write(DOWNLOAD_USAGE);
      return 0;
    }
    openCellid = readOpenCellidDownload(env);
  } catch (error) {
    if (error instanceof UsageError || error instanceof ConfigError) {
      io.stderr.write(`download-opencellid: ${error.message}\n\n${DOWNLOAD_USAGE}`);
      return 2;
    }
    throw error;
  }

  const controller = new AbortController();
  const onSignal = (): void => {
    if (controller.signal.aborted) process.exit(130);
    io.stderr.write('\ndownload-opencellid: interrupted: saving the batch in hand (again to quit at once)\n');
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  const done: string[] = [];
  try {
    for (const file of args.files) {
      const input = downloadOf(file, openCellid);
      io.stdout.write(`Downloading ${input.name} into ${targetName(args.target)}\n`);
      const progress = createProgress({ write: (text) => io.stdout.write(text), isTTY: io.isTTY });
      let last = { rows: 0, bytesRead: 0, totalBytes: 0 };
      let report: ImportReport;
      try {
        report = await importInto(args.target, {
          input,
          batchSize: args.batchSize,
          signal: controller.signal,
          onProgress: (state) => progress.update((last = state)),
        });
      } catch (error) {
        progress.finish(last);
        const message = error instanceof Error ? error.message : String(error);
        const written = error instanceof ImportFailed ? error.written : 0;
        const kept =
          written > 0
            ? ` ${written} cells were written before it failed and are kept, so the import is partial: run the same command again to complete it.`
            : ' Nothing of it was imported.';
        io.stderr.write(`download-opencellid: ${input.name} failed: ${message}.${kept}\n`);
        if (done.length > 0) io.stderr.write(`Imported in full before it: ${done.join(', ')}.\n`);
        return 1;
      }
      progress.finish(last);
      io.stdout.write(formatReport(report));
      if (report.interrupted) return 130;
      if (nothingValid(report)) {
        io.stderr.write(`download-opencellid: ${input.name} held no valid OpenCelliD row.\n`);
        return 1;
      }
      done.push(input.name);
    }
    return 0;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}
