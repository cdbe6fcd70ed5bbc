import type { CellId } from './types';

/** Largest cell id we accept: 36 bits covers GSM/UMTS (16/28 bits), LTE (28 bits) and NR (36 bits). */
export const MAX_CELLID = 2 ** 36 - 1;

export type CellIdField = keyof CellId;

export type CellIdCheck =
  { ok: true; value: CellId } | { ok: false; errors: Partial<Record<CellIdField, string>> };

export interface CellIdRules {
  /**
   * `form`: what a person types (MCC exactly three digits, as every MCC is).
   * `path`: what the service accepts in its path (any decimal integer 0–999).
   */
  mode: 'form' | 'path';
}

const DIGITS = /^[0-9]+$/;

/**
 * Checks the three values that name a cell. Text is kept as given (after trimming in form mode):
 * mnc "05" stays "05". Messages name the field and say what is wanted.
 */
export function checkCellId(input: Record<CellIdField, unknown>, rules: CellIdRules): CellIdCheck {
  const errors: Partial<Record<CellIdField, string>> = {};
  const text = (v: unknown): string => {
    if (typeof v !== 'string') return '';
    return rules.mode === 'form' ? v.trim() : v;
  };
  const mcc = text(input.mcc);
  const mnc = text(input.mnc);
  const cellid = text(input.cellid);

  if (mcc === '') errors.mcc = 'MCC is required.';
  else if (!DIGITS.test(mcc)) errors.mcc = 'MCC must be digits only.';
  else if (rules.mode === 'form' ? mcc.length !== 3 : mcc.length > 3)
    errors.mcc = rules.mode === 'form' ? 'MCC has exactly three digits (e.g. 244).' : 'mcc must be 0–999.';

  if (mnc === '') errors.mnc = 'MNC is required.';
  else if (!DIGITS.test(mnc)) errors.mnc = 'MNC must be digits only.';
  else if (mnc.length > 3) errors.mnc = 'MNC has one to three digits (e.g. 91 or 05).';

  if (cellid === '') errors.cellid = 'Cell ID is required.';
  else if (!DIGITS.test(cellid)) errors.cellid = 'Cell ID must be a whole number (digits only).';
  else if (cellid.length > 12 || Number(cellid) > MAX_CELLID)
    errors.cellid = `Cell ID must be from 0 to ${MAX_CELLID} (2^36−1).`;

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: { mcc, mnc, cellid } };
}
