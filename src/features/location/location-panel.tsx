import { useId, type ReactNode } from 'react';
import type { Location } from '../../api/types';
import { formatMsisdn } from './msisdn';
import { formatAge, useNow } from './use-now';

export const REFRESH_CHOICES = [
  { value: 0, label: 'Off' },
  { value: 15, label: 'Every 15 s' },
  { value: 60, label: 'Every 60 s' },
] as const;

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
  const headingId = useId();
  const refreshId = useId();
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={isFetching}>
      <h2 id={headingId}>My phone</h2>
      <div className="button-row">
        <button type="button" className="button primary" onClick={props.onLocate} disabled={!hasKeys}>
          Locate my phone
        </button>
        {started && hasKeys && (
          <button type="button" className="button secondary" onClick={props.onRefresh} disabled={isFetching}>
            Refresh
          </button>
        )}
        <div className="inline-field">
          <label htmlFor={refreshId}>Auto-refresh</label>
          <select
            id={refreshId}
            value={props.refreshSeconds}
            disabled={!hasKeys || !started}
            onChange={(e) => props.onRefreshSecondsChange(Number(e.target.value) as RefreshSeconds)}
          >
            {REFRESH_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </div>
      </div>
      {!hasKeys && <p className="muted">Save your keys first, then locate your phone.</p>}
      {hasKeys && !started && (
        <p className="muted">
          Shows the cell now serving the phone whose number you registered with the operator.
        </p>
      )}
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
  const now = useNow(1000, hasData);
  // Only "Locating…" is announced; the ticking age would repeat every second for screen readers.
  return (
    <div className="status-line">
      <span role="status">{isFetching ? 'Locating…' : ''}</span>
      {!isFetching && hasData && updatedAt > 0 && <span>Updated {formatAge(now - updatedAt)}</span>}
    </div>
  );
}

export function LocationDetails({ location }: { location: Location }) {
  const { cell } = location;
  return (
    <div className="result">
      <p className="result-title">
        <span className="msisdn">{formatMsisdn(location.msisdn)}</span>
        {location.state !== undefined && <span className="badge">{location.state}</span>}
      </p>
      <dl className="fields">
        <dt>MSISDN as sent</dt>
        <dd className="mono">{location.msisdn}</dd>
        {location.state !== undefined && (
          <>
            <dt>State</dt>
            <dd>{location.state}</dd>
          </>
        )}
        <dt>Cell name</dt>
        <dd>{cell.name}</dd>
        <dt>Latitude</dt>
        <dd className="mono">{cell.lat}</dd>
        <dt>Longitude</dt>
        <dd className="mono">{cell.lon}</dd>
        <dt>MCC</dt>
        <dd className="mono">{cell.mcc}</dd>
        <dt>MNC</dt>
        <dd className="mono">{cell.mnc}</dd>
        <dt>LAC</dt>
        <dd className="mono">{cell.lac}</dd>
        <dt>Cell ID</dt>
        <dd className="mono">{cell.cellid}</dd>
      </dl>
    </div>
  );
}
