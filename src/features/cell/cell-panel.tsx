import './cell.css';
import { useCallback, useId, type ReactNode } from 'react';
import { cellLabel } from '../../api/cell-id';
import { useI18n } from '../../i18n/i18n';
import type { LatLon } from '../../map/geo';
import { ErrorNotice } from '../../ui/error-notice';
import { useFocusOutcome } from '../../ui/focus';
import { useMapFocus } from '../../state/session';
import { readStatus } from '../../ui/read-status';
import { StatusLine } from '../../ui/status-line';
import { CellCompare } from './cell-compare';
import { CellDetails } from './cell-details';
import { CellFactsView } from './cell-facts-view';
import { CellForm, NO_CELL } from './cell-form';
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
  const { route, cellId, hints, query, cell, facts, fromHistoryAt, keptFrom, lookup, retry, leave, asked } =
    useCellLookup();
  const current = route.name === 'cell' ? route.id : route.name === 'bad-cell' ? route.given : undefined;
  const given = route.name === 'bad-cell' ? route.givenHints : hints;
  const routeKey = current ? `${cellLabel(current)} ${given.lac ?? ''} ${given.radio ?? ''}` : NO_CELL;
  const failed = cellId !== null && query.isError;
  // The lookup's outcome, once shown, takes focus: the message when it failed, else the cell's heading. So does
  // an answer shown from the History (each time one is chosen: the map's flights count them).
  const focusOutcome = useFocusOutcome(asked > 0 && !query.isFetching ? asked : undefined);
  const shownFrom = useMapFocus((focus) => (focus.shown?.entry ? focus.flights : undefined));
  const focusShown = useFocusOutcome(shownFrom, { fromAnywhere: true });
  const focusAnswer = useCallback(
    (element: HTMLElement | null) => {
      focusOutcome(element);
      focusShown(element);
    },
    [focusOutcome, focusShown],
  );
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={query.isFetching}>
      <h2 id={headingId}>{t('cell.heading')}</h2>
      <CellForm
        routeKey={routeKey}
        initial={current}
        initialHints={given}
        initialProblems={route.name === 'bad-cell' ? route.problems : undefined}
        onLookup={lookup}
        onInvalid={leave}
      />
      <StatusLine>{readStatus(query, t('cell.lookingUp'), t)}</StatusLine>
      <RouteNotice />
      {failed && (
        <ErrorNotice
          error={query.error}
          context={{ resource: 'cell', cellId }}
          onRetry={retry}
          retrying={query.isFetching}
          focusRef={focusOutcome}
        />
      )}
      {cell && fromHistoryAt !== undefined && (
        <p className="notice">{t('history.shownFrom', { time: formatDateTime(fromHistoryAt) })}</p>
      )}
      {cell && keptFrom !== undefined && <KeptAnswer at={keptFrom} onAskAgain={retry} />}
      {cell && (
        <>
          <CellDetails cell={cell} focusRef={failed ? undefined : focusAnswer} />
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

/** An answer kept from an earlier lookup of the same cell, not read again: when it was read, and a fresh read. */
function KeptAnswer({ at, onAskAgain }: { at: number; onAskAgain(): void }) {
  const { t, formatTime } = useI18n();
  return (
    <p className="notice kept-answer">
      {t('cell.keptAnswer', { time: formatTime(at) })}{' '}
      <button type="button" className="button secondary small" onClick={onAskAgain}>
        {t('cell.askAgain')}
      </button>
    </p>
  );
}
