import { MAX_CELLID, type CellIdProblem } from '../api/cell-id';
import type { MessageKey } from './en';
import type { Translate } from './translate';

const FIELD_KEYS: Record<CellIdProblem['field'], MessageKey> = {
  mcc: 'field.mcc',
  mnc: 'field.mnc',
  cellid: 'field.cellid',
};

/** A cell-id problem in the chosen language; every message names its field. Used by the form and the batch. */
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
