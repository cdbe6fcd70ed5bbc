import { MAX_CELLID } from '../api/cell-id';
import type { LookupProblem } from '../api/lookup-check';
import type { MessageKey } from './en';
import type { Translate } from './translate';

const FIELD_KEYS: Record<LookupProblem['field'], MessageKey> = {
  mcc: 'field.mcc',
  mnc: 'field.mnc',
  cellid: 'field.cellid',
  lac: 'field.lac',
  radio: 'field.radio',
};

/**
 * A lookup's problem (a cell's three values, LAC, radio) in the chosen language; every message names its field.
 * Used by the form, links and the batch.
 */
export function cellIdProblemText(problem: LookupProblem, t: Translate): string {
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
    case 'lac-range':
      return t('cell.lacProblem');
    case 'radio-unknown':
      return t('cell.radioProblem');
  }
}
