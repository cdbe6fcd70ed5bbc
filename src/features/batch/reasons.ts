import type { Translate } from '../../i18n/translate';
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
