import { MAX_CELLID } from '../../../api/cell-id';
import { RADIO_CODES, type CellKey, type CellPlace } from '../../store/records';

/** OpenCelliD's column order; `net` is the MNC, `area` the LAC/TAC, `cell` the cell id. */
export const OPENCELLID_HEADER =
  'radio,mcc,net,area,cell,unit,lon,lat,range,samples,changeable,created,updated,averageSignal';

export const MAX_LAC = 2 ** 32 - 1;
const MAX_SAMPLES = Number.MAX_SAFE_INTEGER;
/** `range` and `updated` are kept in 32 bits (the latter until 2106). */
const MAX_RANGE = 2 ** 31 - 2;
const MAX_UNIX_SECONDS = 2 ** 32 - 1;

/** One row as the importer needs it. Reused between lines, so copy what you keep. */
export interface ParsedCell extends CellKey, CellPlace {
  samples: number;
  /** A code in store/records.ts RADIO_CODES (0: none or unknown). */
  radio: number;
  /** Metres, whole; -1 when the row has none. */
  range: number;
  /** Unix seconds; -1 when the row has none. */
  updated: number;
}

/** Longer than any row OpenCelliD writes (about 100 bytes): such a line is a bad row ('long'), and no more of it
 *  than this is kept, whatever its length. */
export const MAX_LINE_BYTES = 1024;

export type SkipReason = 'long' | 'fields' | 'mcc' | 'mnc' | 'lac' | 'cellid' | 'lon' | 'lat' | 'samples';

export const SKIP_REASONS: Record<SkipReason, string> = {
  long: `longer than ${MAX_LINE_BYTES.toLocaleString('en')} bytes`,
  fields: 'not 10 to 14 comma-separated fields',
  mcc: 'mcc is not a whole number from 0 to 999',
  mnc: 'net (mnc) is not a whole number from 0 to 999',
  lac: `area (lac) is not a whole number from 0 to ${MAX_LAC}`,
  cellid: `cell is not a whole number from 0 to ${MAX_CELLID}`,
  lon: 'lon is not a decimal number from -180 to 180',
  lat: 'lat is not a decimal number from -90 to 90',
  samples: 'samples is not a whole number of 0 or more',
};

export function emptyCell(): ParsedCell {
  return { mcc: 0, mnc: 0, cellid: 0, lac: 0, lat: 0, lon: 0, samples: 0, radio: 0, range: -1, updated: -1 };
}

/** A header line: the documented one, or any first line that names mcc and lat instead of holding numbers. */
export function isHeaderLine(line: string): boolean {
  const text = line.trim().toLowerCase();
  return (
    text.startsWith('radio,mcc,') || (text.includes('mcc') && text.includes('lat') && !/\d,\d/.test(text))
  );
}

const COMMA = 44;
const NEWLINE = 10;
const RETURN = 13;
const DOT = 46;
const MINUS = 45;
const PLUS = 43;
const ZERO = 48;

/** A whole number of at most 16 digits, not above `max`; -1 for anything else. */
function wholeNumber(bytes: Uint8Array, start: number, end: number, max: number): number {
  if (start >= end || end - start > 16) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = bytes[i]! - ZERO;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n > max ? -1 : n;
}

/** 10^k for the fractions read exactly (k ≤ 15). */
const POWERS = Array.from({ length: 16 }, (_, k) => 10 ** k);

/**
 * A plain decimal (optional sign, digits, optional fraction); NaN for anything else (exponents, hex, blanks). With
 * at most 15 digits the digits are a whole number held exactly and 10^k is exact, so one division rounds once, to
 * what Number() reads from the text; longer ones are read by Number().
 */
function decimal(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  const first = bytes[i];
  const negative = first === MINUS;
  if (negative || first === PLUS) i++;
  let digits = 0;
  let dot = -1;
  let whole = 0;
  for (; i < end; i++) {
    const c = bytes[i]!;
    if (c >= ZERO && c <= ZERO + 9) {
      digits++;
      whole = whole * 10 + (c - ZERO);
    } else if (c === DOT && dot < 0) dot = i;
    else return NaN;
  }
  if (digits === 0 || digits > 24) return NaN;
  if (digits > 15) return Number(latin1(bytes, start, end));
  const value = dot < 0 ? whole : whole / POWERS[end - dot - 1]!;
  return negative ? -value : value;
}

const latin1 = (bytes: Uint8Array, start: number, end: number): string =>
  String.fromCharCode(...bytes.subarray(start, end));

/** Whether bytes [start, end) spell `word` (ASCII). */
function spells(bytes: Uint8Array, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let i = 0; i < word.length; i++) if (bytes[start + i] !== word.charCodeAt(i)) return false;
  return true;
}

/** The radio column's code, read from its bytes. */
function radioCode(bytes: Uint8Array, start: number, end: number): number {
  const code = RADIO_WORDS.findIndex((word) => spells(bytes, start, end, word));
  return code < 0 ? 0 : code + 1;
}

/** The radio names of store/records.ts RADIO_CODES, from code 1 on. */
const RADIO_WORDS = RADIO_CODES.slice(1);

/** The comma positions of a line, at most 14 (a 15th makes it too many fields); reused between lines. */
const commas = new Int32Array(14);

/**
 * Parses one data line, bytes [start, end) of `bytes`, into `out`. Returns undefined when the row is usable, else
 * why it is skipped. Splits on ',': OpenCelliD's export has no quoting. Reads the bytes themselves, so no string
 * is made for a row.
 */
export function parseCellBytes(
  bytes: Uint8Array,
  start: number,
  end: number,
  out: ParsedCell,
): SkipReason | undefined {
  if (end - start > MAX_LINE_BYTES) return 'long';
  let count = 0;
  for (let i = start; i < end; i++) {
    if (bytes[i] !== COMMA) continue;
    if (count === 13) return 'fields';
    commas[count++] = i;
  }
  if (count < 9) return 'fields';
  const c = commas;
  const samplesEnd = count > 9 ? c[9]! : end;
  const mcc = wholeNumber(bytes, c[0]! + 1, c[1]!, 999);
  if (mcc < 0) return 'mcc';
  const mnc = wholeNumber(bytes, c[1]! + 1, c[2]!, 999);
  if (mnc < 0) return 'mnc';
  const lac = wholeNumber(bytes, c[2]! + 1, c[3]!, MAX_LAC);
  if (lac < 0) return 'lac';
  const cellid = wholeNumber(bytes, c[3]! + 1, c[4]!, MAX_CELLID);
  if (cellid < 0) return 'cellid';
  const lon = decimal(bytes, c[5]! + 1, c[6]!);
  if (!(lon >= -180 && lon <= 180)) return 'lon';
  const lat = decimal(bytes, c[6]! + 1, c[7]!);
  if (!(lat >= -90 && lat <= 90)) return 'lat';
  const samples = wholeNumber(bytes, c[8]! + 1, samplesEnd, MAX_SAMPLES);
  if (samples < 0) return 'samples';

  out.mcc = mcc;
  out.mnc = mnc;
  out.lac = lac;
  out.cellid = cellid;
  out.lon = lon;
  out.lat = lat;
  out.samples = samples;
  // The facts beyond the position never make a row unusable: a value that does not read is left unknown.
  out.radio = radioCode(bytes, start, c[0]!);
  // Mostly whole metres: read as such, else as a decimal.
  const whole = wholeNumber(bytes, c[7]! + 1, c[8]!, MAX_RANGE);
  const range = whole >= 0 ? whole : decimal(bytes, c[7]! + 1, c[8]!);
  out.range = range >= 0 && range <= MAX_RANGE ? Math.round(range) : -1;
  // `updated` is the 13th field: after the 12th comma, up to the 13th or the line's end.
  out.updated = count < 12 ? -1 : wholeNumber(bytes, c[11]! + 1, count > 12 ? c[12]! : end, MAX_UNIX_SECONDS);
  return undefined;
}

/** A line's text as a report shows it: its first 200 characters (at most 800 bytes decoded). */
export function lineText(bytes: Uint8Array, start: number, end: number, chars = 200): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset + start, Math.min(end - start, chars * 4))
    .toString('utf8')
    .slice(0, chars);
}

const BOM = [0xef, 0xbb, 0xbf];

/**
 * Splits bytes into lines across chunks, on \n, a \r before it dropped, and a UTF-8 BOM before the first line;
 * hands each line as a range of bytes (of the chunk, or of the join of a line that spans chunks). Of a line that
 * spans chunks it keeps the first MAX_LINE_BYTES + 1 bytes, as parts joined once at its end: enough to know it for
 * too long, however long it is, and no copy of the line so far per chunk.
 */
export class LineSplitter {
  private parts: Buffer[] = [];
  private held = 0;
  private first = true;

  constructor(private readonly onLine: (bytes: Uint8Array, start: number, end: number) => void) {}

  private line(bytes: Uint8Array, start: number, end: number): void {
    let from = start;
    if (this.first) {
      this.first = false;
      if (end - start >= 3 && BOM.every((b, i) => bytes[start + i] === b)) from += 3;
    }
    this.onLine(bytes, from, end > from && bytes[end - 1] === RETURN ? end - 1 : end);
  }

  /** Keeps (a copy of) the start of the line that goes on in the next chunk, up to one byte past the cap. */
  private keep(bytes: Buffer): void {
    const room = MAX_LINE_BYTES + 1 - this.held;
    if (room <= 0 || bytes.length === 0) return;
    const part = Buffer.from(bytes.subarray(0, room));
    this.parts.push(part);
    this.held += part.length;
  }

  private take(): Buffer {
    const joined = Buffer.concat(this.parts, this.held);
    this.parts = [];
    this.held = 0;
    return joined;
  }

  push(chunk: Buffer): void {
    let start = 0;
    let nl = chunk.indexOf(NEWLINE);
    if (nl >= 0 && this.held > 0) {
      this.keep(chunk.subarray(0, nl));
      const joined = this.take();
      this.line(joined, 0, joined.length);
      start = nl + 1;
      nl = chunk.indexOf(NEWLINE, start);
    }
    for (; nl >= 0; nl = chunk.indexOf(NEWLINE, start)) {
      this.line(chunk, start, nl);
      start = nl + 1;
    }
    this.keep(chunk.subarray(start));
  }

  end(): void {
    if (this.held === 0) return;
    const rest = this.take();
    const bom = this.first && rest.length >= 3 && BOM.every((b, i) => rest[i] === b);
    if (bom && rest.length === 3) return;
    this.line(rest, 0, rest.length);
  }
}
