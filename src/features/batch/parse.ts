import { checkCellId, type CellIdProblem } from '../../api/cell-id';
import type { CellId } from '../../api/types';

export const MAX_LINES = 100_000;
export const MAX_BYTES = 5_000_000;

/** One cell to look up, with the line it first came from and how many more lines named it. */
export interface BatchEntry {
  line: number;
  id: CellId;
  /** LAC when the line gave one (mcc-mnc-lac-cellid or a lac column); not sent, the Cell read has no LAC. */
  lac?: string;
  duplicates: number;
}

export type LineProblem =
  { code: 'fields'; count: number } | { code: 'value'; problems: CellIdProblem[]; badLac?: true };

export interface BadLine {
  line: number;
  text: string;
  problem: LineProblem;
}

export interface ParseResult {
  entries: BatchEntry[];
  bad: BadLine[];
  /** True when the first non-comment line was taken as a header. */
  header: boolean;
  /** Lines that named a cell already listed (same mcc, mnc and cellid text): looked up once. */
  duplicateLines: number;
  /** Set when the input is over a cap: nothing is parsed then. */
  tooLarge?: { lines: number } | { bytes: number };
}

type Column = 'mcc' | 'mnc' | 'cellid' | 'lac';

const HEADER_NAMES: Record<string, Column> = {
  mcc: 'mcc',
  mnc: 'mnc',
  net: 'mnc',
  cellid: 'cellid',
  cell_id: 'cellid',
  'cell id': 'cellid',
  cell: 'cellid',
  ci: 'cellid',
  cid: 'cellid',
  lac: 'lac',
  tac: 'lac',
  area: 'lac',
};

function splitLine(line: string): string[] {
  const separator = line.includes('\t') ? '\t' : line.includes(';') ? ';' : line.includes(',') ? ',' : '-';
  return line.split(separator).map((field) =>
    field
      .trim()
      .replace(/^"(.*)"$/s, '$1')
      .trim(),
  );
}

function looksLikeHeader(line: string): boolean {
  return /[a-z]/i.test(line) && /\b(mcc|mnc|cell ?_?id|cell|ci|cid)\b/i.test(line);
}

function headerColumns(fields: readonly string[]): Partial<Record<Column, number>> | undefined {
  const columns: Partial<Record<Column, number>> = {};
  fields.forEach((field, index) => {
    const column = HEADER_NAMES[field.toLowerCase()];
    if (column !== undefined && columns[column] === undefined) columns[column] = index;
  });
  return columns.mcc !== undefined && columns.mnc !== undefined && columns.cellid !== undefined
    ? columns
    : undefined;
}

const HEX = /^0x[0-9a-f]{1,16}$/i;

/** A `0x` hexadecimal cell id as the decimal text the API takes; anything else as given, for the check. */
function hexToDecimal(value: string | undefined): string | undefined {
  return value !== undefined && HEX.test(value) ? BigInt(value).toString(10) : value;
}

/** Size of the input in UTF-8 bytes, without encoding the whole text at once. */
function byteLength(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code < 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/**
 * Reads a pasted or uploaded list of cells: one a line as `mcc,mnc,cellid` (comma, tab or semicolon), or
 * `mcc-mnc-cellid` / `mcc-mnc-lac-cellid` (a cell id may be `0x` hexadecimal); four separated fields are read as mcc, mnc, lac, cellid too. An
 * optional header names the columns (mcc, mnc or net, cellid/cell/ci, lac/tac/area; others ignored). Blank lines
 * and `#` comments are skipped. Every value is checked as the lookup form checks it, so what is sent is what
 * a person could have typed. Duplicates are looked up once.
 */
export function parseBatch(text: string): ParseResult {
  const bytes = byteLength(text);
  if (bytes > MAX_BYTES)
    return { entries: [], bad: [], header: false, duplicateLines: 0, tooLarge: { bytes } };
  const lines = text.split(/\r\n|\n|\r/);
  if (lines.at(-1) === '') lines.pop();
  const counted = lines.filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#')).length;
  if (counted > MAX_LINES)
    return { entries: [], bad: [], header: false, duplicateLines: 0, tooLarge: { lines: counted } };

  const entries: BatchEntry[] = [];
  const bad: BadLine[] = [];
  const seen = new Map<string, BatchEntry>();
  let header = false;
  let columns: Partial<Record<Column, number>> | undefined;
  let first = true;
  let duplicateLines = 0;

  lines.forEach((raw, index) => {
    const line = raw.replace(/^\uFEFF/, '').trim();
    if (line === '' || line.startsWith('#')) return;
    const number = index + 1;
    const fields = splitLine(line);
    if (first) {
      first = false;
      if (looksLikeHeader(line)) {
        header = true;
        columns = headerColumns(fields);
        if (columns === undefined)
          bad.push({ line: number, text: raw, problem: { code: 'fields', count: fields.length } });
        return;
      }
    }
    let values: Partial<Record<Column, string>>;
    if (columns !== undefined) {
      const at = columns;
      if (fields.length <= Math.max(...Object.values(at))) {
        bad.push({ line: number, text: raw, problem: { code: 'fields', count: fields.length } });
        return;
      }
      values = {
        mcc: fields[at.mcc ?? 0],
        mnc: fields[at.mnc ?? 0],
        cellid: fields[at.cellid ?? 0],
        ...(at.lac !== undefined && { lac: fields[at.lac] }),
      };
    } else if (fields.length === 3) {
      values = { mcc: fields[0], mnc: fields[1], cellid: fields[2] };
    } else if (fields.length === 4) {
      values = { mcc: fields[0], mnc: fields[1], lac: fields[2], cellid: fields[3] };
    } else {
      bad.push({ line: number, text: raw, problem: { code: 'fields', count: fields.length } });
      return;
    }
    const check = checkCellId(
      { mcc: values.mcc, mnc: values.mnc, cellid: hexToDecimal(values.cellid) },
      { mode: 'form' },
    );
    const badLac = values.lac !== undefined && values.lac !== '' && !/^[0-9]{1,10}$/.test(values.lac);
    if (!check.ok || badLac) {
      const problems = check.ok ? [] : Object.values(check.problems);
      bad.push({ line: number, text: raw, problem: { code: 'value', problems, ...(badLac && { badLac }) } });
      return;
    }
    const key = `${check.value.mcc}/${check.value.mnc}/${check.value.cellid}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      earlier.duplicates += 1;
      duplicateLines += 1;
      return;
    }
    const entry: BatchEntry = {
      line: number,
      id: check.value,
      duplicates: 0,
      ...(values.lac !== undefined && values.lac !== '' && { lac: values.lac }),
    };
    seen.set(key, entry);
    entries.push(entry);
  });

  return { entries, bad, header, duplicateLines };
}
