import { useId, type ReactNode } from 'react';
import type { Cell, CellId } from '../../api/types';
import { useI18n } from '../../i18n/i18n';
import { CellCompare } from './cell-compare';
import { CellDetails } from './cell-details';
import { CellForm } from './cell-form';
import { CellReading } from './cell-reading';
import { CellShare } from './cell-share';
import type { DevicePosition } from './device-position';
import type { LatLon } from './geo';
import type { MapViewState } from './links';

export interface CellPanelProps {
  /** The cell named by the address bar, if any: fills the form. */
  current: CellId | undefined;
  cell: Cell | undefined;
  isFetching: boolean;
  onLookup(id: CellId): void;
  /** Shown above the result, e.g. why the lookup waits or what was wrong with a link. */
  notice?: ReactNode;
  errorSlot?: ReactNode;
  /** When the cell shown is an answer from history: its time (ms since epoch). */
  fromHistoryAt?: number | undefined;
  phone?: LatLon | undefined;
  device?: DevicePosition;
  onCompareDevice?: () => void;
  view?: MapViewState | undefined;
}

export function CellPanel(props: CellPanelProps) {
  const { current, cell, isFetching, onLookup, notice, errorSlot, fromHistoryAt } = props;
  const { t, formatDateTime } = useI18n();
  const headingId = useId();
  const formKey = current ? `${current.mcc}/${current.mnc}/${current.cellid}` : 'empty';
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={isFetching}>
      <h2 id={headingId}>{t('cell.heading')}</h2>
      <CellForm key={formKey} initial={current} onLookup={onLookup} />
      <p className="status-line" role="status" aria-live="polite">
        {isFetching ? t('cell.lookingUp') : ''}
      </p>
      {notice}
      {errorSlot}
      {cell && fromHistoryAt !== undefined && (
        <p className="notice">{t('history.shownFrom', { time: formatDateTime(fromHistoryAt) })}</p>
      )}
      {cell && (
        <>
          <CellDetails cell={cell} />
          <CellReading cell={cell} />
          <CellCompare
            cell={cell}
            phone={props.phone}
            device={props.device ?? { status: 'idle' }}
            onCompareDevice={props.onCompareDevice ?? (() => undefined)}
          />
          <CellShare cell={cell} view={props.view} />
        </>
      )}
    </section>
  );
}
