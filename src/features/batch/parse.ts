import { readRadio, type Radio } from '../../api/cell-facts';
import { checkCellId, typedDigits, type CellIdProblem } from '../../api/cell-id';
import type { CellId } from '../../api/types';
import { readRecords, type CsvRecord } from './records';

export const MAX_LINES = 100_000;
export const MAX_BYTES = 5_000_000;

/** One cell to look up, with the line it first came from and how many more lines named it. */
export interface BatchEntry {
  line: number;
  id: CellId;
  /** LAC when the line gave one (mcc-mnc-lac-cellid or a lac column), sent as ?lac=. */
  lac?: string;
  /** The radio column's value when it is one the lookup takes (GSM, UMTS, LTE, NR), sent as ?radio=. */
  radio?: Radio;
  duplicates: number;
}

export type LineProblem =
  /** No header: a line has `count` values where 3 or 4 are read. */
  | { code: 'fields'; count: number }
  /** A line has `count` values where the header names `columns`: which is which would be a guess. */
  | { code: 'columns'; count: number; columns: number }
  /** A first line that reads as a header but does not name the mcc, mnc and cellid columns. */
  | { code: 'header' }
  | { code: 'value'; problems: CellIdProblem[]; badLac?: true };

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

type Column = 'mcc' | 'mnc' | 'cellid' | 'lac' | 'radio';

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
  radio: 'radio',
};

/** A value as typed: spaces around it and one pair of quotes that were not at the field's start dropped. */
function clean(field: string): string {
  return field
    .trim()
    .replace(/^"(.*)"$/s, '$1')
    .trim();
}

function looksLikeHeader(line: string): boolean {
  return /[a-z]/i.test(line) && /\b(mcc|mnc|cell ?_?id|cell|ci|cid)\b/i.test(line);
}

/** The columns a header names, and how many it has: each line under it has as many values. */
interface Header {
  columns: Partial<Record<Column, number>>;
  count: number;
}

function readHeader(fields: readonly string[]): Header | undefined {
  const columns: Partial<Record<Column, number>> = {};
  fields.forEach((field, index) => {
    const column = HEADER_NAMES[field.toLowerCase()];
    if (column !== undefined && columns[column] === undefined) columns[column] = index;
  });
  return columns.mcc !== undefined && columns.mnc !== undefined && columns.cellid !== undefined
    ? { columns, count: fields.length }
    : undefined;
}

const HEX = /^0x[0-9a-f]{1,16}$/i;

/** A `0x` hexadecimal cell id as the decimal text the API takes; anything else as given, for the check. */
function hexToDecimal(value: string | undefined): string | undefined {
  const typed = value === undefined ? undefined : typedDigits(value);
  return typed !== undefined && HEX.test(typed) ? BigInt(typed).toString(10) : typed;
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

type Outcome =
  | { kind: 'header'; header: Header | undefined }
  | { kind: 'bad'; problem: LineProblem }
  | { kind: 'cell'; id: CellId; lac: string | undefined; radio: Radio | undefined };

type Values = Partial<Record<Column, string>>;

/** The values of a line by the header's columns; a line with another number of values is not guessed at. */
function byHeader(fields: readonly string[], { columns, count }: Header): Outcome | Values {
  if (fields.length !== count) {
    return { kind: 'bad', problem: { code: 'columns', count: fields.length, columns: count } };
  }
  const value = (column: Column) => {
    const index = columns[column];
    return index === undefined ? {} : { [column]: fields[index] };
  };
  return { ...value('mcc'), ...value('mnc'), ...value('cellid'), ...value('lac'), ...value('radio') };
}

/** The values of a line in one of its own forms: mcc, mnc, cellid or mcc, mnc, lac, cellid. */
function byPosition(fields: readonly string[]): Outcome | Values {
  if (fields.length === 3) return { mcc: fields[0], mnc: fields[1], cellid: fields[2] };
  if (fields.length === 4) return { mcc: fields[0], mnc: fields[1], lac: fields[2], cellid: fields[3] };
  return { kind: 'bad', problem: { code: 'fields', count: fields.length } };
}

/**
 * What one record says, given the header (if any); pure, so a record can be tried. A dashed line
 * (`244-5-1003-5120514`) names its own columns, so it is read by its form under a header too.
 */
function readRecord(record: CsvRecord, header: Header | undefined, first: boolean): Outcome {
  const fields = record.fields.map(clean);
  if (first && looksLikeHeader(record.text)) return { kind: 'header', header: readHeader(fields) };
  const values = header !== undefined && !record.dashed ? byHeader(fields, header) : byPosition(fields);
  if ('kind' in values) return values;
  const check = checkCellId(
    { mcc: values.mcc, mnc: values.mnc, cellid: hexToDecimal(values.cellid) },
    { mode: 'form' },
  );
  const lac = values.lac === undefined ? undefined : typedDigits(values.lac);
  const badLac = lac !== undefined && lac !== '' && !/^[0-9]{1,10}$/.test(lac);
  if (!check.ok || badLac) {
    const problems = check.ok ? [] : Object.values(check.problems);
    return { kind: 'bad', problem: { code: 'value', problems, ...(badLac && { badLac }) } };
  }
  // A radio the lookup does not take (CDMA, a typo) is not sent: the line's cell is still good.
  const radio = values.radio === undefined ? undefined : readRadio(values.radio);
  return {
    kind: 'cell',
    id: check.value,
    lac: lac === '' ? undefined : lac,
    radio: radio?.ok ? radio.value : undefined,
  };
}

function isSkipped(text: string): boolean {
  const line = text.trim();
  return line === '' || line.startsWith('#');
}

/**
 * Reads a pasted or uploaded list of cells: one a line as `mcc,mnc,cellid` (comma, tab or semicolon, the
 * delimiter detected for the file; RFC 4180 quotes, so a quoted value may hold the delimiter), or
 * `mcc-mnc-cellid` / `mcc-mnc-lac-cellid` (a cell id may be `0x` hexadecimal); four separated fields are read as
 * mcc, mnc, lac, cellid too. An optional header names the columns (mcc, mnc or net, cellid/cell/ci,
 * lac/tac/area, radio; others ignored), so OpenCelliD's export reads as it is; a delimited line under it must
 * have as many values as it names columns (a line numbered message otherwise, never a guess), and a dashed line
 * is read by its own form. Blank lines and `#` comments are skipped. Every value is checked as the lookup form
 * checks it, so what is sent is what a person could have typed. Duplicates are looked up once.
 */
export function parseBatch(text: string): ParseResult {
  const bytes = byteLength(text);
  if (bytes > MAX_BYTES)
    return { entries: [], bad: [], header: false, duplicateLines: 0, tooLarge: { bytes } };
  const lines = text.split(/\r\n|\n|\r/);
  const counted = lines.filter((line) => !isSkipped(line)).length;
  if (counted > MAX_LINES)
    return { entries: [], bad: [], header: false, duplicateLines: 0, tooLarge: { lines: counted } };

  const entries: BatchEntry[] = [];
  const bad: BadLine[] = [];
  const seen = new Map<string, BatchEntry>();
  let hasHeader = false;
  let header: Header | undefined;
  let first = true;
  let duplicateLines = 0;

  readRecords(text, (record, tryOnly) => {
    if (isSkipped(record.text)) return true;
    const outcome = readRecord(record, header, first);
    const readable = outcome.kind === 'cell' || (outcome.kind === 'header' && outcome.header !== undefined);
    if (tryOnly && !readable) return false;
    first = false;
    if (outcome.kind === 'header') {
      hasHeader = true;
      header = outcome.header;
      if (header === undefined)
        bad.push({ line: record.line, text: record.text, problem: { code: 'header' } });
      return true;
    }
    if (outcome.kind === 'bad') {
      bad.push({ line: record.line, text: record.text, problem: outcome.problem });
      return true;
    }
    const key = `${outcome.id.mcc}/${outcome.id.mnc}/${outcome.id.cellid}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      earlier.duplicates += 1;
      duplicateLines += 1;
      return true;
    }
    const entry: BatchEntry = {
      line: record.line,
      id: outcome.id,
      duplicates: 0,
      ...(outcome.lac !== undefined && { lac: outcome.lac }),
      ...(outcome.radio !== undefined && { radio: outcome.radio }),
    };
    seen.set(key, entry);
    entries.push(entry);
    return true;
  });

  return { entries, bad, header: hasHeader, duplicateLines };
}
