import { openFileSource, type CsvSource } from './csv-source';
import { openDownloadSource, type DownloadInput } from './download-source';

/** A file to import, or an OpenCelliD export to download and import as it arrives. */
export type CsvInput = string | DownloadInput;

/** The name of an input as reports show it. */
export function inputName(input: CsvInput): string {
  return typeof input === 'string' ? input : input.name;
}

/** Opens a file or a download as a stream of decompressed CSV chunks. */
export function openCsvSource(input: CsvInput): Promise<CsvSource> {
  return typeof input === 'string' ? openFileSource(input) : openDownloadSource(input);
}
