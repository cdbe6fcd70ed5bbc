import { useI18n } from '../../i18n/i18n';

export function BatchPager({
  page,
  pages,
  onPage,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
}) {
  const { t, formatNumber } = useI18n();
  return (
    <div className="button-row batch-pages">
      <button
        type="button"
        className="button secondary small"
        onClick={() => onPage(page - 1)}
        disabled={page === 0}
      >
        {t('batch.previous')}
      </button>
      <span>{t('batch.page', { page: formatNumber(page + 1), pages: formatNumber(pages) })}</span>
      <button
        type="button"
        className="button secondary small"
        onClick={() => onPage(page + 1)}
        disabled={page >= pages - 1}
      >
        {t('batch.next')}
      </button>
    </div>
  );
}
