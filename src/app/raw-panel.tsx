import './raw-panel.css';
import type { UseQueryResult } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import type { Answer } from '../api/client';
import { isApiError, type RawResponse } from '../api/errors';
import { useCellAnswer } from '../features/cell/use-cell-lookup';
import { usePhone } from '../features/location/use-location';
import { useI18n } from '../i18n/i18n';
import { useMapFocus } from '../state/session';

const RawResponseView = lazy(() => import('./raw-response').then((m) => ({ default: m.RawResponseView })));

/** The newest thing that came over the wire for one query: its data's answer or its error's. */
function lastRaw<T>(query: UseQueryResult<Answer<T>>): RawResponse | 'no-answer' | undefined {
  if (query.error !== null && query.errorUpdatedAt >= query.dataUpdatedAt) {
    return isApiError(query.error) && query.error.raw ? query.error.raw : 'no-answer';
  }
  return query.data?.raw;
}

export function RawPanel() {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const target = useMapFocus((focus) => focus.target);
  const phone = usePhone();
  const { query: cell, fromHistoryAt } = useCellAnswer();
  const raw =
    target === 'phone' ? lastRaw(phone) : fromHistoryAt !== undefined ? 'from-history' : lastRaw(cell);
  const source = target === 'phone' ? t('location.heading') : t('cell.heading');
  return (
    <section className="panel-section raw-section" aria-label={t('raw.heading')}>
      <details onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary>{t('raw.heading')}</summary>
        <p className="muted small">{t('raw.source', { source })}</p>
        {open && (
          <Suspense fallback={<p className="muted">{t('common.loading')}</p>}>
            <RawResponseView raw={raw} />
          </Suspense>
        )}
      </details>
    </section>
  );
}
