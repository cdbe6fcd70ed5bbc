import { useId, type ReactNode } from 'react';
import type { Location } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { formatMsisdn } from './msisdn';
import { formatAge, useNow } from './use-now';

export const REFRESH_CHOICES = [{ value: 0 }, { value: 15 }, { value: 60 }] as const;

export type RefreshSeconds = (typeof REFRESH_CHOICES)[number]['value'];

export interface LocationPanelProps {
  hasKeys: boolean;
  /** Whether the person has asked to locate the phone in this session. */
  started: boolean;
  location: Location | undefined;
  isFetching: boolean;
  /** ms since epoch of the last successful read, 0 when none. */
  updatedAt: number;
  refreshSeconds: RefreshSeconds;
  onRefreshSecondsChange(seconds: RefreshSeconds): void;
  onLocate(): void;
  onRefresh(): void;
  /** Shown where the data would be when the read failed. */
  errorSlot?: ReactNode;
}

export function LocationPanel(props: LocationPanelProps) {
  const { hasKeys, started, location, isFetching, updatedAt, errorSlot } = props;
  const { t } = useI18n();
  const headingId = useId();
  const refreshId = useId();
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={isFetching}>
      <h2 id={headingId}>{t('location.heading')}</h2>
      <div className="button-row">
        <button type="button" className="button primary" onClick={props.onLocate} disabled={!hasKeys}>
          {t('location.locate')}
        </button>
        {started && hasKeys && (
          <button type="button" className="button secondary" onClick={props.onRefresh} disabled={isFetching}>
            {t('location.refresh')}
          </button>
        )}
        <div className="inline-field">
          <label htmlFor={refreshId}>{t('location.autoRefresh')}</label>
          <select
            id={refreshId}
            value={props.refreshSeconds}
            disabled={!hasKeys || !started}
            onChange={(e) => props.onRefreshSecondsChange(Number(e.target.value) as RefreshSeconds)}
          >
            {REFRESH_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.value === 0
                  ? t('location.refreshOff')
                  : t('location.refreshEvery', { seconds: choice.value })}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!hasKeys && <p className="muted">{t('location.needKeys')}</p>}
      {hasKeys && !started && <p className="muted">{t('location.intro')}</p>}
      <Status isFetching={isFetching} updatedAt={updatedAt} hasData={location !== undefined} />
      {errorSlot}
      {location && <LocationDetails location={location} />}
    </section>
  );
}

function Status({
  isFetching,
  updatedAt,
  hasData,
}: {
  isFetching: boolean;
  updatedAt: number;
  hasData: boolean;
}) {
  const { t } = useI18n();
  const now = useNow(1000, hasData);
  // Only "Locating…" is announced; the ticking age would repeat every second for screen readers.
  return (
    <div className="status-line">
      <span role="status">{isFetching ? t('location.locating') : ''}</span>
      {!isFetching && hasData && updatedAt > 0 && (
        <span>{t('location.updated', { age: formatAge(now - updatedAt, t) })}</span>
      )}
    </div>
  );
}

export function LocationDetails({ location }: { location: Location }) {
  const { t } = useI18n();
  const { cell } = location;
  return (
    <div className="result">
      <p className="result-title">
        <span className="msisdn">{formatMsisdn(location.msisdn)}</span>
        {location.state !== undefined && <span className="badge">{location.state}</span>}
      </p>
      <dl className="fields">
        <dt>{t('location.msisdnAsSent')}</dt>
        <dd className="mono">{location.msisdn}</dd>
        {location.state !== undefined && (
          <>
            <dt>{t('location.state')}</dt>
            <dd>{location.state}</dd>
          </>
        )}
        <dt>{t('location.cellName')}</dt>
        <dd>{cell.name}</dd>
        <dt>{t('field.lat')}</dt>
        <dd className="mono">{cell.lat}</dd>
        <dt>{t('field.lon')}</dt>
        <dd className="mono">{cell.lon}</dd>
        <dt>{t('field.mcc')}</dt>
        <dd className="mono">{cell.mcc}</dd>
        <dt>{t('field.mnc')}</dt>
        <dd className="mono">{cell.mnc}</dd>
        <dt>{t('field.lac')}</dt>
        <dd className="mono">{cell.lac}</dd>
        <dt>{t('field.cellid')}</dt>
        <dd className="mono">{cell.cellid}</dd>
      </dl>
    </div>
  );
}
