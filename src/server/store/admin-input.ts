import { randomBytes } from 'node:crypto';
import { checkStorable, RADIO_CODES, StoreError, type CellRecord } from './records';

/*
 * What the admin writes, checked and shaped for its row the same way whichever engine keeps it (admin.ts,
 * postgres/admin.ts): a refused write names what to fix.
 */

const KEY = /^[A-Za-z0-9_-]{1,256}$/;

/**
 * A fresh random key: 24 bytes, base64url (32 characters), beginning with a letter or digit: a key that began with
 * '-' (1 in 64 did) would be read as an option when given to a command line, ours or anyone's.
 */
export function generateKey(): string {
  for (;;) {
    const key = randomBytes(24).toString('base64url');
    if (/^[A-Za-z0-9]/.test(key)) return key;
  }
}

export function checkKey(key: string, what: string): string {
  if (!KEY.test(key)) throw new StoreError(`${what} must be 1–256 letters, digits, "-" or "_"`);
  return key;
}

function checkCellRecord(cell: CellRecord): CellRecord {
  const int = (value: number, name: string, max: number): void => {
    if (!Number.isSafeInteger(value) || value < 0 || value > max)
      throw new StoreError(`${name} must be a whole number from 0 to ${max}`);
  };
  int(cell.mcc, 'mcc', 999);
  int(cell.mnc, 'mnc', 999);
  int(cell.cellid, 'cellid', 2 ** 36 - 1);
  int(cell.lac, 'lac', 2 ** 32 - 1);
  if (!Number.isFinite(cell.lat) || Math.abs(cell.lat) > 90)
    throw new StoreError('lat must be from -90 to 90');
  if (!Number.isFinite(cell.lon) || Math.abs(cell.lon) > 180)
    throw new StoreError('lon must be from -180 to 180');
  if (cell.name.trim() === '' || cell.name.length > 200)
    throw new StoreError('name must be 1–200 characters');
  checkStorable(cell.name, 'name');
  if (cell.range !== undefined) int(cell.range, 'range', 2 ** 31 - 1);
  if (cell.radio !== undefined && radioCode(cell.radio) === 0)
    throw new StoreError(`radio must be one of ${RADIO_CODES.slice(1).join(', ')}`);
  return cell;
}

/** A radio's code in the `radio` column (records.ts RADIO_CODES; 0 when none is given or it is not one of them). */
function radioCode(radio: string | undefined): number {
  const code = RADIO_CODES.findIndex((name) => name !== '' && name === radio);
  return code === -1 ? 0 : code;
}

/** A developer's name as kept: trimmed. */
export function checkDeveloperName(name: string): string {
  const trimmed = name.trim();
  if (!/^[\p{L}\p{N} ._-]{1,100}$/u.test(trimmed))
    throw new StoreError('developer name must be 1–100 letters, digits, spaces, ".", "-" or "_"');
  return trimmed;
}

export function checkNewUser(key: string, msisdn: string, state: string | null): void {
  checkKey(key, 'user key');
  if (!/^\d{3,15}$/.test(msisdn))
    throw new StoreError('MSISDN must be 3–15 digits, international format without "+"');
  if (state !== null) checkStorable(state, 'state');
}

/** A cell, checked, as the values of its row: mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio. */
export function cellValues(
  cell: CellRecord,
): [number, number, number, number, number, number, string, number, number | null, number | null] {
  const c = checkCellRecord(cell);
  const radio = radioCode(c.radio);
  return [
    c.mcc,
    c.mnc,
    c.cellid,
    c.lac,
    c.lat,
    c.lon,
    c.name.trim(),
    c.samples ?? 0,
    c.range ?? null,
    radio === 0 ? null : radio,
  ];
}
