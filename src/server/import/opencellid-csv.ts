import { StringDecoder } from 'node:string_decoder';
import { MAX_CELLID } from '../../api/cell-id';
import type { CellKey, CellPlace } from '../store/records';

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

export type SkipReason = 'fields' | 'mcc' | 'mnc' | 'lac' | 'cellid' | 'lon' | 'lat' | 'samples';

export const SKIP_REASONS: Record<SkipReason, string> = {
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

function wholeNumber(line: string, start: number, end: number, max: number): number {
  if (start >= end || end - start > 16) return -1;
  let n = 0;
  for (let i = start; i < end; i++) {
    const digit = line.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    n = n * 10 + digit;
  }
  return n > max ? -1 : n;
}

/** A plain decimal (optional sign, digits, optional fraction); NaN for anything else (exponents, hex, blanks). */
function decimal(line: string, start: number, end: number): number {
  let i = start;
  const first = line.charCodeAt(i);
  if (first === 45 || first === 43) i++;
  let digits = 0;
  let dot = false;
  for (; i < end; i++) {
    const c = line.charCodeAt(i);
    if (c >= 48 && c <= 57) digits++;
    else if (c === 46 && !dot) dot = true;
    else return NaN;
  }
  if (digits === 0 || digits > 24) return NaN;
  return Number(line.slice(start, end));
}

/** The radio column's code, read from its characters (no string made per row). */
function radioCode(line: string, end: number): number {
  const first = line.charCodeAt(0);
  if (end === 3 && first === 71 && line.startsWith('GSM')) return 1;
  if (end === 4 && first === 85 && line.startsWith('UMTS')) return 2;
  if (end === 3 && first === 76 && line.startsWith('LTE')) return 3;
  if (end === 2 && first === 78 && line.charCodeAt(1) === 82) return 4;
  if (end === 4 && first === 67 && line.startsWith('CDMA')) return 5;
  return 0;
}

/**
 * Parses one data line into `out`. Returns undefined when the row is usable, else why it is skipped.
 * Splits on ',' with indexOf: OpenCelliD's export has no quoting.
 */
export function parseCellLine(line: string, out: ParsedCell): SkipReason | undefined {
  const c0 = line.indexOf(',');
  const c1 = c0 < 0 ? -1 : line.indexOf(',', c0 + 1);
  const c2 = c1 < 0 ? -1 : line.indexOf(',', c1 + 1);
  const c3 = c2 < 0 ? -1 : line.indexOf(',', c2 + 1);
  const c4 = c3 < 0 ? -1 : line.indexOf(',', c3 + 1);
  const c5 = c4 < 0 ? -1 : line.indexOf(',', c4 + 1);
  const c6 = c5 < 0 ? -1 : line.indexOf(',', c5 + 1);
  const c7 = c6 < 0 ? -1 : line.indexOf(',', c6 + 1);
  const c8 = c7 < 0 ? -1 : line.indexOf(',', c7 + 1);
  if (c8 < 0) return 'fields';
  let c9 = line.indexOf(',', c8 + 1);
  let c11 = -1;
  let c12 = -1;
  if (c9 < 0) c9 = line.length;
  else {
    let extra = 0;
    for (let at = line.indexOf(',', c9 + 1); at >= 0; at = line.indexOf(',', at + 1)) {
      extra++;
      if (extra === 2) c11 = at;
      else if (extra === 3) c12 = at;
    }
    if (extra > 3) return 'fields';
  }

  const mcc = wholeNumber(line, c0 + 1, c1, 999);
  if (mcc < 0) return 'mcc';
  const mnc = wholeNumber(line, c1 + 1, c2, 999);
  if (mnc < 0) return 'mnc';
  const lac = wholeNumber(line, c2 + 1, c3, MAX_LAC);
  if (lac < 0) return 'lac';
  const cellid = wholeNumber(line, c3 + 1, c4, MAX_CELLID);
  if (cellid < 0) return 'cellid';
  const lon = decimal(line, c5 + 1, c6);
  if (!(lon >= -180 && lon <= 180)) return 'lon';
  const lat = decimal(line, c6 + 1, c7);
  if (!(lat >= -90 && lat <= 90)) return 'lat';
  const samples = wholeNumber(line, c8 + 1, c9, MAX_SAMPLES);
  if (samples < 0) return 'samples';

  out.mcc = mcc;
  out.mnc = mnc;
  out.lac = lac;
  out.cellid = cellid;
  out.lon = lon;
  out.lat = lat;
  out.samples = samples;
  // The facts beyond the position never make a row unusable: a value that does not read is left unknown.
  out.radio = radioCode(line, c0);
  // Mostly whole metres: read as such without making a string, else as a decimal.
  const whole = wholeNumber(line, c7 + 1, c8, MAX_RANGE);
  const range = whole >= 0 ? whole : decimal(line, c7 + 1, c8);
  out.range = range >= 0 && range <= MAX_RANGE ? Math.round(range) : -1;
  const updatedEnd = c12 < 0 ? (c11 < 0 ? -1 : line.length) : c12;
  out.updated = c11 < 0 ? -1 : wholeNumber(line, c11 + 1, updatedEnd, MAX_UNIX_SECONDS);
  return undefined;
}

/** Splits decoded text into lines across chunk boundaries; handles \n and \r\n, and a UTF-8 BOM. */
export class LineSplitter {
  private readonly decoder = new StringDecoder('utf8');
  private rest = '';
  private started = false;

  constructor(private readonly onLine: (line: string) => void) {}

  push(chunk: Buffer): void {
    let text = this.decoder.write(chunk);
    if (!this.started && text.length > 0) {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (this.rest.length > 0) {
      text = this.rest + text;
      this.rest = '';
    }
    let start = 0;
    for (let nl = text.indexOf('\n'); nl >= 0; nl = text.indexOf('\n', start)) {
      const end = nl > start && text.charCodeAt(nl - 1) === 13 ? nl - 1 : nl;
      this.onLine(text.slice(start, end));
      start = nl + 1;
    }
    this.rest = start < text.length ? text.slice(start) : '';
  }

  end(): void {
    const text = this.rest + this.decoder.end();
    this.rest = '';
    if (text.length > 0) this.onLine(text.endsWith('\r') ? text.slice(0, -1) : text);
  }
}
