import './cell.css';
import { useId, type ReactNode } from 'react';
import { cellLabel } from '../../api/cell-id';
import { useI18n } from '../../i18n/i18n';
import type { LatLon } from '../../map/geo';
import { ErrorNotice } from '../../ui/error-notice';
import { readStatus } from '../../ui/read-status';
import { CellCompare } from './cell-compare';
import { CellDetails } from './cell-details';
import { CellFactsView } from './cell-facts-view';
import { CellForm } from './cell-form';
import { CellIdParts } from './cell-id-parts';
import { CellShare } from './cell-share';
import { NetworkNames } from './network-names';
import { RouteNotice } from './route-notice';
import { useCellLookup } from './use-cell-lookup';

export interface CellPanelProps {
  /** How far a place is from the phone's cell (the app hands in My phone's part). */
  fromPhone?: (to: LatLon) => ReactNode;
}

export function CellPanel({ fromPhone }: CellPanelProps) {
  const { t, formatDateTime } = useI18n();
  const headingId = useId();
  const { route, cellId, hints, query, cell, facts, fromHistoryAt, lookup } = useCellLookup();
  const current = route.name === 'cell' ? route.id : route.name === 'bad-cell' ? route.given : undefined;
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{t('cell.heading')}</h2>
      <CellForm
        key={current ? `${cellLabel(current)} ${hints.lac ?? ''} ${hints.radio ?? ''}` : 'empty'}
        initial={current}
        initialHints={hints}
        onLookup={lookup}
      />
      <p className="status-line" role="status" aria-live="polite">
        {readStatus(query, t('cell.lookingUp'), t)}
      </p>
      <RouteNotice />
      {cellId && query.isError && (
        <ErrorNotice
          error={query.error}
          context={{ resource: 'cell', cellId }}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      )}
      {cell && fromHistoryAt !== undefined && (
        <p className="notice">{t('history.shownFrom', { time: formatDateTime(fromHistoryAt) })}</p>
      )}
      {cell && (
        <>
          <CellDetails cell={cell} />
          {facts && <CellFactsView facts={facts} />}
          <NetworkNames mcc={cell.mcc} mnc={cell.mnc} />
          <CellIdParts cellid={cell.cellid} />
          <CellCompare cell={cell} fromPhone={fromPhone} />
          <CellShare cell={cell} hints={hints} />
        </>
      )}
    </section>
  );
}
