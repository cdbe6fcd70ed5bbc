import { isApiError } from '../api/errors';
import type { Translate } from '../i18n/translate';
import { READ_ATTEMPTS } from '../queries/read-policy';

/** What a read is doing, for its status line: `busy` while it runs, and while it retries, why and which try. */
export function readStatus(
  read: { isFetching: boolean; failureCount: number; failureReason: unknown },
  busy: string,
  t: Translate,
): string {
  if (!read.isFetching) return '';
  if (read.failureCount === 0) return busy;
  const counts = { attempt: Math.min(read.failureCount + 1, READ_ATTEMPTS), attempts: READ_ATTEMPTS };
  const error = read.failureReason;
  if (!isApiError(error)) return busy;
  if (error.status === 504) return t('read.retry.operatorSlow', counts);
  if (error.kind === 'timeout') return t('read.retry.slow', counts);
  if (error.kind === 'network') return t('read.retry.unreachable', counts);
  return t('read.retry.failed', counts);
}
