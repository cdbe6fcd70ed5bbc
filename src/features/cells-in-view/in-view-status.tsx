import type { UseQueryResult } from '@tanstack/react-query';
import type { Answer } from '../../api/client';
import type { CellsInView } from '../../api/cells-in-view';
import { isApiError } from '../../api/errors';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/error-notice';

/** The service's answer to a filtered view with too many cells to look through: a hint to zoom in, not a failure. */
const isZoomIn = (error: unknown): boolean => isApiError(error) && error.code === 'zoom-in';

/**
 * What the map now shows of the cells in view, said in a live region; a failed read where the count would be,
 * but for a view too crowded to filter, which is a hint to zoom in (or to choose an operator, when none is).
 */
export function InViewStatus({
  result,
  hasKeys,
  operatorChosen,
}: {
  result: UseQueryResult<Answer<CellsInView>>;
  hasKeys: boolean;
  operatorChosen: boolean;
}) {
  const { t, formatNumber } = useI18n();
  const answer = result.data?.data;
  const zoomIn = hasKeys && result.isError && !result.isFetching && isZoomIn(result.error);
  let text = '';
  if (!hasKeys) text = t('inView.needKeys');
  else if (zoomIn) text = t(operatorChosen ? 'inView.zoomIn' : 'inView.zoomInOrOperator');
  else if (answer === undefined) text = result.isFetching ? t('inView.loading') : '';
  else if (answer.counts !== undefined)
    text = t('inView.counted', { count: formatNumber(answer.counts.total) });
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
      {hasKeys && result.isError && !result.isFetching && !zoomIn && (
        <ErrorNotice
          error={result.error}
          context={{ resource: 'cells' }}
          onRetry={() => void result.refetch()}
        />
      )}
    </>
  );
}
