import { MAX_CELLID, type CellIdProblem } from '../../api/cell-id';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';

const FIELD_KEYS: Record<CellIdProblem['field'], MessageKey> = {
  mcc: 'field.mcc',
  mnc: 'field.mnc',
  cellid: 'field.cellid',
};

/** A cell-id problem in the chosen language; every message names its field. */
export function cellIdProblemText(problem: CellIdProblem, t: Translate): string {
  const field = t(FIELD_KEYS[problem.field]);
  switch (problem.code) {
    case 'required':
      return t('check.required', { field });
    case 'digits':
      return problem.field === 'cellid' ? t('check.cellidDigits') : t('check.digits', { field });
    case 'mcc-length':
      return t('check.mccLength');
    case 'mcc-range':
      return t('check.mccRange');
    case 'mnc-length':
      return t('check.mncLength');
    case 'cellid-range':
      return t('check.cellidRange', { max: MAX_CELLID });
  }
}

const HEX = /^0x[0-9a-f]+$/i;

/**
 * A typed Cell ID, decimal or `0x` hexadecimal, as the decimal text the API takes. Anything else is returned
 * as typed, for the check to name what is wrong.
 */
export function cellIdToDecimal(text: string): string {
  const trimmed = text.trim();
  if (!HEX.test(trimmed)) return trimmed;
  // Past 13 hex digits the value is beyond 2^36−1 anyway; keep it long so the range check says so.
  return BigInt(trimmed).toString(10);
}

/** "0x2736" for 10038. */
export function cellIdHex(decimal: string): string {
  return /^\d+$/.test(decimal) ? `0x${BigInt(decimal).toString(16).toUpperCase()}` : decimal;
}
