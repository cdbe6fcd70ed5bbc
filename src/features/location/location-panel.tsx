import './location.css';
import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { agoText } from '../../i18n/time-span';
import { ErrorNotice } from '../../ui/error-notice';
import { useFocusOutcome } from '../../ui/focus';
import { readStatus } from '../../ui/read-status';
import { LocationDetails } from './location-details';
import { useNow } from '../../state/use-now';
import { REFRESH_CHOICES, useLocation, type RefreshSeconds } from './use-location';

export function LocationPanel() {
  const { t } = useI18n();
  const headingId = useId();
  const refreshId = useId();
  const { query, hasKeys, started, refreshSeconds, locate: read, setRefreshSeconds } = useLocation();
  const location = query.data?.data;
  // Each read the person asks for (not the auto-refresh), counted: its outcome takes focus once shown.
  const [asked, setAsked] = useState(0);
  const locate = () => {
    setAsked((count) => count + 1);
    read();
  };
  const retry = () => {
    setAsked((count) => count + 1);
    void query.refetch();
  };
  const failed = started && query.isError;
  const focusOutcome = useFocusOutcome(asked > 0 && !query.isFetching ? asked : undefined);
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{t('location.heading')}</h2>
      <div className="button-row">
        <button type="button" className="button primary" onClick={locate} disabled={!hasKeys}>
          {t('location.locate')}
        </button>
        {started && hasKeys && (
          <button type="button" className="button secondary" onClick={locate} disabled={query.isFetching}>
            {t('location.refresh')}
          </button>
        )}
        <div className="inline-field">
          <label htmlFor={refreshId}>{t('location.autoRefresh')}</label>
          <select
            id={refreshId}
            value={refreshSeconds}
            disabled={!hasKeys || !started}
            onChange={(e) => setRefreshSeconds(Number(e.target.value) as RefreshSeconds)}
          >
            {REFRESH_CHOICES.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds === 0 ? t('location.refreshOff') : t('location.refreshEvery', { seconds })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!hasKeys && <p className="muted">{t('location.needKeys')}</p>}
      {hasKeys && !started && <p className="muted">{t('location.intro')}</p>}
      <Status
        isFetching={query.isFetching}
        busy={readStatus(query, t('location.locating'), t)}
        updatedAt={query.dataUpdatedAt}
        hasData={location !== undefined}
      />
      {failed && (
        <ErrorNotice
          error={query.error}
          context={{ resource: 'location' }}
          onRetry={retry}
          retrying={query.isFetching}
          focusRef={focusOutcome}
        />
      )}
      {location && <LocationDetails location={location} focusRef={failed ? undefined : focusOutcome} />}
    </section>
  );
}

function Status({
  isFetching,
  busy,
  updatedAt,
  hasData,
}: {
  isFetching: boolean;
  /** What the read is doing: "Locating…", or why and which try while it retries. */
  busy: string;
  updatedAt: number;
  hasData: boolean;
}) {
  const { t } = useI18n();
  const now = useNow(1000, hasData);
  // Only "Locating…" is announced; the ticking age would repeat every second for screen readers.
  return (
    <div className="status-line">
      <span role="status">{busy}</span>
      {!isFetching && hasData && updatedAt > 0 && (
        <span>{t('location.updated', { age: agoText(now - updatedAt, t) })}</span>
      )}
    </div>
  );
}
