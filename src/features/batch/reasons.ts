import { MAX_CELLID, type CellIdProblem } from '../../api/cell-id';
import type { MessageKey } from '../../i18n/en';
import type { Translate } from '../../i18n/translate';
import type { BadLine } from './parse';
import type { BatchPhase, BatchRow } from './use-batch';

/** What a row's result column says: found, the failure's reason (with its HTTP status), or why nothing came. */
export function resultText(row: BatchRow, phase: BatchPhase, t: Translate): string {
  const outcome = row.outcome;
  if (outcome === undefined) return phase === 'running' ? t('batch.pending') : t('batch.notSent');
  if (outcome.ok) return t('batch.found');
  const reason = t(`batch.reason.${outcome.kind}`);
  return outcome.status === undefined ? reason : t('batch.reasonStatus', { reason, status: outcome.status });
}

export function isFailure(row: BatchRow): boolean {
  return row.outcome !== undefined && !row.outcome.ok;
}

const FIELD_KEYS: Record<CellIdProblem['field'], MessageKey> = {
  mcc: 'field.mcc',
  mnc: 'field.mnc',
  cellid: 'field.cellid',
};

// The cell lookup form words these the same way (features/cell/cell-id-text.ts); features do not import each
// other, so the few lines are repeated here over the shared catalog keys.
function problemText(problem: CellIdProblem, t: Translate): string {
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

/** Why a line cannot be read, in the chosen language. */
export function badLineText(bad: BadLine, t: Translate): string {
  const problem = bad.problem;
  if (problem.code === 'fields')
    return bad.line === 1 && problem.count > 4
      ? t('batch.badHeader')
      : t('batch.badFields', { count: problem.count });
  const words = problem.problems.map((p) => problemText(p, t));
  if (problem.badLac) words.push(t('batch.badLac'));
  return words.join(' ');
}
