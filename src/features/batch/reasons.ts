import { cellIdProblemText } from '../../i18n/cell-id-problem';
import type { Translate } from '../../i18n/translate';
import type { BadLine } from './parse';
import type { BatchPhase, BatchRow } from './batch-run';

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

export function badLineText(bad: BadLine, t: Translate): string {
  const problem = bad.problem;
  if (problem.code === 'header') return t('batch.badHeader');
  if (problem.code === 'fields')
    return problem.count === 1 ? t('batch.badFieldsOne') : t('batch.badFields', { count: problem.count });
  if (problem.code === 'columns') {
    const columns = { count: problem.count, columns: problem.columns };
    return problem.count === 1 ? t('batch.badColumnsOne', columns) : t('batch.badColumns', columns);
  }
  const words = problem.problems.map((p) => cellIdProblemText(p, t));
  if (problem.badLac) words.push(t('batch.badLac'));
  return words.join(' ');
}
