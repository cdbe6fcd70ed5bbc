import type { Location } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { CellFields } from '../../ui/cell-fields';
import { ResultHeading } from '../../ui/result-heading';
import { formatMsisdn } from './msisdn';
import type { FocusRef } from '../../ui/focus';

export function LocationDetails({
  location,
  focusRef,
}: {
  location: Location;
  /** Given while the answer is a read's outcome: its heading takes focus (useFocusOutcome). */
  focusRef?: FocusRef | undefined;
}) {
  const { t } = useI18n();
  return (
    <div className="result">
      <ResultHeading focusRef={focusRef}>
        <span className="msisdn">{formatMsisdn(location.msisdn)}</span>
        {location.state !== undefined && <span className="badge">{location.state}</span>}
      </ResultHeading>
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
        <dd>{location.cell.name}</dd>
        <CellFields cell={location.cell} />
      </dl>
    </div>
  );
}
