import type { CellId } from './types';

/** Largest cell id we accept: 36 bits covers GSM/UMTS (16/28 bits), LTE (28 bits) and NR (36 bits). */
export const MAX_CELLID = 2 ** 36 - 1;

export type CellIdField = keyof CellId;

/** "244/91/10038": how a cell is named to people, in titles, lists and popups. */
export function cellLabel(id: CellId): string {
  return `${id.mcc}/${id.mnc}/${id.cellid}`;
}

/** What is wrong with one field, as a code the UI can put in words of its language. */
export type CellIdProblem =
  | { field: CellIdField; code: 'required' | 'digits' }
  | { field: 'mcc'; code: 'mcc-length' | 'mcc-range' }
  | { field: 'mnc'; code: 'mnc-length' }
  | { field: 'cellid'; code: 'cellid-range' };

export type CellIdCheck =
  | { ok: true; value: CellId }
  | {
      ok: false;
      errors: Partial<Record<CellIdField, string>>;
      problems: Partial<Record<CellIdField, CellIdProblem>>;
    };

export interface CellIdRules {
  /**
   * `form`: what a person types (MCC exactly three digits, as every MCC is).
   * `path`: what the service accepts in its path (any decimal integer 0–999).
   */
  mode: 'form' | 'path';
}

const DIGITS = /^[0-9]+$/;
const FULL_WIDTH_DIGIT = /[\uFF10-\uFF19]/g;
const GROUP_SPACE = /(?<=[0-9])\s+(?=[0-9])/g;

/**
 * A number as a person types it, as the digits it stands for: trimmed, full-width digits (２４４, from an East Asian
 * keyboard) as ASCII, and the spaces between digit groups dropped ("10 038", also a no-break or thin space as
 * a locale writes it). Anything else is left as typed, for the check to name.
 */
export function typedDigits(text: string): string {
  const trimmed = text.trim();
  if (DIGITS.test(trimmed)) return trimmed;
  return trimmed
    .replace(FULL_WIDTH_DIGIT, (digit) => String(digit.charCodeAt(0) - 0xff10))
    .replace(GROUP_SPACE, '');
}

/**
 * Checks the three values that name a cell. Text is kept as given (in form mode, as typedDigits reads it):
 * mnc "05" stays "05". Messages name the field and say what is wanted.
 */
export function checkCellId(input: Record<CellIdField, unknown>, rules: CellIdRules): CellIdCheck {
  const errors: Partial<Record<CellIdField, string>> = {};
  const problems: Partial<Record<CellIdField, CellIdProblem>> = {};
  const text = (v: unknown): string => {
    if (typeof v !== 'string') return '';
    return rules.mode === 'form' ? typedDigits(v) : v;
  };
  const mcc = text(input.mcc);
  const mnc = text(input.mnc);
  const cellid = text(input.cellid);

  if (mcc === '') problems.mcc = { field: 'mcc', code: 'required' };
  else if (!DIGITS.test(mcc)) problems.mcc = { field: 'mcc', code: 'digits' };
  else if (rules.mode === 'form' ? mcc.length !== 3 : mcc.length > 3)
    problems.mcc = { field: 'mcc', code: rules.mode === 'form' ? 'mcc-length' : 'mcc-range' };

  if (mnc === '') problems.mnc = { field: 'mnc', code: 'required' };
  else if (!DIGITS.test(mnc)) problems.mnc = { field: 'mnc', code: 'digits' };
  else if (mnc.length > 3) problems.mnc = { field: 'mnc', code: 'mnc-length' };

  if (cellid === '') problems.cellid = { field: 'cellid', code: 'required' };
  else if (!DIGITS.test(cellid)) problems.cellid = { field: 'cellid', code: 'digits' };
  else if (cellid.length > 12 || Number(cellid) > MAX_CELLID)
    problems.cellid = { field: 'cellid', code: 'cellid-range' };

  for (const problem of Object.values(problems)) errors[problem.field] = problemText(problem);
  if (Object.keys(errors).length > 0) return { ok: false, errors, problems };
  return { ok: true, value: { mcc, mnc, cellid } };
}

const FIELD_NAMES: Record<CellIdField, string> = { mcc: 'MCC', mnc: 'MNC', cellid: 'Cell ID' };

/** English words for a problem (the service's own messages and tests); the UI uses its catalogs. */
export function problemText(problem: CellIdProblem): string {
  const name = FIELD_NAMES[problem.field];
  switch (problem.code) {
    case 'required':
      return `${name} is required.`;
    case 'digits':
      return problem.field === 'cellid'
        ? 'Cell ID must be a whole number (digits only).'
        : `${name} must be digits only.`;
    case 'mcc-length':
      return 'MCC has exactly three digits (e.g. 244).';
    case 'mcc-range':
      return 'mcc must be 0–999.';
    case 'mnc-length':
      return 'MNC has one to three digits (e.g. 91 or 05).';
    case 'cellid-range':
      return `Cell ID must be from 0 to ${MAX_CELLID} (2^36−1).`;
  }
}
