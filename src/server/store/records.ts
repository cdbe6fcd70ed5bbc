/** A cell as stored: mcc, mnc and cellid are the numeric key. */
export interface CellRecord {
  mcc: number;
  mnc: number;
  cellid: number;
  lac: number;
  lat: number;
  lon: number;
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

export interface CellKey {
  mcc: number;
  mnc: number;
  cellid: number;
}

export interface User {
  userKey: string;
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

export interface UserRow {
  user_key: string;
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
    userKey: row.user_key,
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
