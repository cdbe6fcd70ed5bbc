export interface CellKey {
  mcc: number;
  mnc: number;
  cellid: number;
}

/** Where a cell is: its area (LAC) and position. */
export interface CellPlace {
  lac: number;
  lat: number;
  lon: number;
}

/** A cell as stored: mcc, mnc and cellid are the numeric key. */
export interface CellRecord extends CellKey, CellPlace {
  name: string;
  samples?: number;
  /** Metres: the area the cell was heard in (OpenCelliD's `range`). */
  range?: number;
  /** GSM, UMTS, LTE, NR or CDMA, as OpenCelliD writes it. */
  radio?: string;
  /** Unix seconds: when the data's source last changed the row. */
  updated?: number;
  /** Whose data the row is (`opencellid` for imported rows); absent for demo and admin rows. */
  source?: string;
}

/** A user as stored: never the key, only which row it is and the first characters of the key for a listing. */
export interface User {
  id: number;
  keyPrefix: string;
  developerId: number;
  msisdn: string;
  smsReplied: boolean;
  state: string | null;
  cell: CellKey | null;
}

export interface PhoneLocation {
  msisdn: string;
  state: string | null;
  cell: CellRecord;
}

export interface StoreCounts {
  developers: number;
  serviceKeys: number;
  users: number;
  cells: number;
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

/** Seconds a client is told to wait when the database cannot be reached (each API in its own form). */
export const UNAVAILABLE_RETRY_SECONDS = 5;

/** The database cannot be reached now (PostgreSQL gone, restarting, out of connections): try again later. */
export class StoreUnavailable extends Error {
  constructor(options?: ErrorOptions) {
    super('the database cannot be reached', options);
    this.name = 'StoreUnavailable';
  }
}

/* Nothing an answer cannot carry: controls (C0, DEL, C1), lone surrogates and noncharacters, the same set the
   encoder refuses (src/api/xml.ts) plus tab, LF and CR, which have no place in a name either. */
const UNSTORABLE = /[\p{Cc}\p{Cs}\p{Noncharacter_Code_Point}]/u;

/** Throws a StoreError naming the code point when `text` holds a character no stored name may hold. */
export function checkStorable(text: string, what: string): void {
  const found = UNSTORABLE.exec(text);
  if (found === null) return;
  const codePoint = found[0].codePointAt(0) ?? 0;
  const kind = /\p{Cc}/u.test(found[0])
    ? 'a control character'
    : /\p{Cs}/u.test(found[0])
      ? 'a lone surrogate'
      : 'a noncharacter';
  const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
  throw new StoreError(`${what} must not hold U+${hex} (${kind})`);
}

/** True when `text` may be stored as a name. */
export function isStorable(text: string): boolean {
  return !UNSTORABLE.test(text);
}

export interface UserRow {
  id: number;
  key_prefix: string;
  developer_id: number;
  msisdn: string;
  sms_replied: number;
  state: string | null;
  current_mcc: number | null;
  current_mnc: number | null;
  current_cellid: number | null;
}

export interface CellRow {
  mcc: number;
  mnc: number;
  cellid: number;
  lac: number | null;
  lat: number | null;
  lon: number | null;
  name: string | null;
  samples: number;
  range: number | null;
  /** A code in RADIO_CODES. */
  radio: number | null;
  updated: number | null;
  origin: number | null;
}

/** The `radio` column's codes (0: unknown), as the importer writes them. */
export const RADIO_CODES = ['', 'GSM', 'UMTS', 'LTE', 'NR', 'CDMA'] as const;

/** The `origin` column's codes: whose data a row is. */
export const ORIGINS: Readonly<Record<number, string>> = { 1: 'opencellid' };
export const OPENCELLID_ORIGIN = 1;

export const CELL_COLUMNS = 'mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio, updated, origin';

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    keyPrefix: row.key_prefix,
    developerId: row.developer_id,
    msisdn: row.msisdn,
    smsReplied: row.sms_replied === 1,
    state: row.state,
    cell:
      row.current_mcc === null || row.current_mnc === null || row.current_cellid === null
        ? null
        : { mcc: row.current_mcc, mnc: row.current_mnc, cellid: row.current_cellid },
  };
}

/** A user as the admin lists them: by their developer's name. */
export function toListedUser(
  row: UserRow & { developer: string },
): Omit<User, 'developerId'> & { developer: string } {
  const { developerId: _id, ...user } = toUser(row);
  return { ...user, developer: row.developer };
}

/** Rows an importer left incomplete are treated as absent: the document's Cell has every field. */
export function toCellRecord(row: CellRow | undefined): CellRecord | undefined {
  if (row === undefined || row.lat === null || row.lon === null) return undefined;
  return {
    mcc: row.mcc,
    mnc: row.mnc,
    cellid: row.cellid,
    lac: row.lac ?? 0,
    lat: row.lat,
    lon: row.lon,
    name: row.name ?? '',
    samples: row.samples,
    ...(row.range !== null && { range: row.range }),
    ...(row.radio !== null && RADIO_CODES[row.radio] && { radio: RADIO_CODES[row.radio] }),
    ...(row.updated !== null && { updated: row.updated }),
    ...(row.origin !== null && ORIGINS[row.origin] !== undefined && { source: ORIGINS[row.origin] }),
  };
}

export function isCell(cell: CellRecord | undefined): cell is CellRecord {
  return cell !== undefined;
}
