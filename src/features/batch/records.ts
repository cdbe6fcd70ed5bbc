import * as Papa from 'papaparse';

/**
 * One record of a pasted or uploaded list: its fields, the line it starts on (1-based), and its text. `dashed`
 * when the line had no delimiter and its values were split at hyphens (`mcc-mnc-cellid`, `mcc-mnc-lac-cellid`):
 * such a line names its own columns, whatever a header says.
 */
export interface CsvRecord {
  line: number;
  text: string;
  fields: string[];
  dashed: boolean;
}

/**
 * What the reader does with a record. `tryOnly` is true for a record that spans lines: the callback then
 * answers false, having changed nothing, when the record does not read as a cell, and each of its lines is
 * offered again on its own. Otherwise the record is the callback's to keep or report.
 */
export type TakeRecord = (record: CsvRecord, tryOnly: boolean) => boolean;

const DELIMITERS = [',', '\t', ';'];

/** The file's delimiter as papaparse guesses it from its first rows (comma when it cannot tell). */
function fileDelimiter(text: string): string {
  const guess = Papa.parse<string[]>(text, {
    delimitersToGuess: DELIMITERS,
    newline: '\n',
    comments: '#',
    skipEmptyLines: 'greedy',
    preview: 1,
  });
  return guess.meta.delimiter;
}

/**
 * One line read alone. A line with another delimiter than the file's (a list pasted together from two files)
 * is read with its own; one with none is `mcc-mnc-cellid`. A quote that does not close on the line is an
 * ordinary character there, so the values keep it and fail their checks visibly.
 */
function lineFields(line: string, delimiter: string): { fields: string[]; dashed: boolean } {
  let result = Papa.parse<string[]>(line, { delimiter, newline: '\n' });
  if (result.data[0]?.length === 1 && DELIMITERS.some((d) => d !== delimiter && line.includes(d))) {
    result = Papa.parse<string[]>(line, { delimitersToGuess: DELIMITERS, newline: '\n' });
  }
  const used = result.meta.delimiter;
  if (result.errors.some((error) => error.type === 'Quotes'))
    return { fields: line.split(used), dashed: false };
  const fields = result.data[0] ?? [''];
  if (fields.length > 1) return { fields, dashed: false };
  const parts = (fields[0] ?? '').split('-');
  return { fields: parts, dashed: parts.length > 1 };
}

/**
 * Reads delimited text as RFC 4180 records (quoted fields, doubled quotes, a quoted field across lines) with
 * papaparse, the delimiter detected once for the file. Line ends are LF, CRLF or CR, mixed or not; a leading
 * byte order mark is dropped; lines starting with `#` are comments. A record with a quote error, or one that
 * spans lines and does not read as a cell, is read again line by line: one stray quote never hides the lines
 * after it.
 */
export function readRecords(input: string, take: TakeRecord): void {
  const text = (input.charCodeAt(0) === 0xfeff ? input.slice(1) : input).replace(/\r\n?/g, '\n');
  const delimiter = fileDelimiter(text);
  let line = 1;
  let counted = 0;
  /** The line an offset is on; offsets come in order, so the text is scanned once. */
  const lineOf = (offset: number): number => {
    for (let i = text.indexOf('\n', counted); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
    counted = Math.max(counted, offset);
    return line;
  };
  const eachLine = (from: number, to: number): void => {
    let at = from;
    for (const part of text.slice(from, to).replace(/\n$/, '').split('\n')) {
      take({ line: lineOf(at), text: part, ...lineFields(part, delimiter) }, false);
      at += part.length + 1;
    }
  };

  let end = 0;
  Papa.parse<string[]>(text, {
    delimiter,
    newline: '\n',
    comments: '#',
    step: (result) => {
      // papaparse passes over comment lines between records without a step; so does the line count.
      let start = end;
      while (text.startsWith('#', start) && text.includes('\n', start)) start = text.indexOf('\n', start) + 1;
      end = result.meta.cursor;
      const raw = text.slice(start, end).replace(/\n$/, '');
      if (result.errors.some((error) => error.type === 'Quotes')) return eachLine(start, end);
      const fields = result.data;
      if (!raw.includes('\n')) {
        const read = fields.length === 1 ? lineFields(raw, delimiter) : { fields, dashed: false };
        take({ line: lineOf(start), text: raw, ...read }, false);
      } else if (!take({ line: lineOf(start), text: raw, fields, dashed: false }, true)) {
        eachLine(start, end);
      }
    },
  });
}
