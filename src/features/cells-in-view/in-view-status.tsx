import type { UseQueryResult } from '@tanstack/react-query';
import type { Answer } from '../../api/client';
import type { CellsInView } from '../../api/cells-in-view';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/error-notice';

/** What the map now shows of the cells in view, said in a live region; a failed read where the count would be. */
export function InViewStatus({
  result,
  hasKeys,
}: {
  result: UseQueryResult<Answer<CellsInView>>;
  hasKeys: boolean;
}) {
  const { t, formatNumber } = useI18n();
  const answer = result.data?.data;
  let text = '';
  if (!hasKeys) text = t('inView.needKeys');
  else if (answer === undefined) text = result.isFetching ? t('inView.loading') : '';
  else if (answer.truncated) text = t('inView.truncated', { count: formatNumber(answer.cells.length) });
  else if (answer.cells.length === 0) text = t('inView.none');
  else text = t('inView.count', { count: formatNumber(answer.cells.length) });
  const updating = hasKeys && answer !== undefined && result.isFetching;
  return (
    <>
      <p className="in-view-status" role="status" aria-live="polite">
        {text}
        {updating && <span className="muted"> {t('inView.updating')}</span>}
      </p>
      {hasKeys && result.isError && !result.isFetching && (
        <ErrorNotice
          error={result.error}
          context={{ resource: 'cells' }}
          onRetry={() => void result.refetch()}
        />
      )}
    </>
  );
}
