import './history.css';
import { useId, useState } from 'react';
import { cellLabel } from '../../api/cell-id';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../state/session';
import { useFocusOutcome, type FocusRef } from '../../ui/focus';
import type { CamaraRecord, HistoryEntry } from './history-entries';
import { history, useHistory } from './history-storage';

/** The last answers read with these keys, newest first; showing one again sends nothing and names it in the URL. */
export function HistoryPanel() {
  const { t } = useI18n();
  const headingId = useId();
  const entries = useHistory();
  const { focus } = useSession();
  // A removed entry's button is gone: focus goes to the entry in its place (or the one before), or to the
  // empty list's words, so the next Tab goes on from the list rather than from the top of the page.
  const [removed, setRemoved] = useState({ index: 0, count: 0 });
  const focusAfter = useFocusOutcome(removed.count > 0 ? removed.count : undefined);
  const focusIndex = Math.min(removed.index, entries.length - 1);
  const remove = (id: string, index: number) => {
    history.remove(id);
    focus.dispatch({ type: 'unshow', id });
    setRemoved((last) => ({ index, count: last.count + 1 }));
  };
  const clear = () => {
    history.clear();
    focus.dispatch({ type: 'unshow' });
    setRemoved((last) => ({ index: 0, count: last.count + 1 }));
  };
  return (
    <section className="panel-section history-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('history.heading')}</h2>
      <p className="muted small">{t('history.note')}</p>
      {entries.length === 0 ? (
        <p className="muted" tabIndex={-1} ref={focusAfter}>
          {t('history.empty')}
        </p>
      ) : (
        <>
          <ol className="history-list">
            {entries.map((entry, index) => (
              <HistoryItem
                key={entry.id}
                entry={entry}
                onRemove={() => remove(entry.id, index)}
                focusRef={index === focusIndex ? focusAfter : undefined}
              />
            ))}
          </ol>
          <div className="button-row">
            <button type="button" className="button secondary" onClick={clear}>
              {t('history.clear')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** A CAMARA operator's answer in words: where it placed the phone, or a check's verdict with its fix's time. */
function useCamaraWords(record: CamaraRecord): { what: string; name: string } {
  const { t, formatDistance, formatNumber, formatTime } = useI18n();
  const degrees = (value: number) =>
    formatNumber(value, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  const distance = formatDistance(record.radiusM);
  const where = t('field.coordinates', { lat: degrees(record.center.lat), lon: degrees(record.center.lon) });
  if (record.question === 'locate' || record.result === undefined) {
    return { what: t('history.camaraLocate'), name: t('history.camaraArea', { distance, where }) };
  }
  const time = formatTime(Date.parse(record.lastLocationTime));
  const verdict = t(`map.camara.verdict.${record.result}`, {
    distance,
    time,
    rate: formatNumber(record.matchRate ?? 0),
  });
  return { what: t('history.camaraVerify'), name: t('history.camaraVerdict', { verdict, where }) };
}

/** A CAMARA answer's item: kept and removable as the others; it is not shown again on the map. */
function CamaraItemText({ record, when, at }: { record: CamaraRecord; when: string; at: number }) {
  const { what, name } = useCamaraWords(record);
  return (
    <div className="history-show history-static">
      <span className="history-what">{what}</span>
      <span className="history-name">{name}</span>
      <time className="history-time muted small" dateTime={new Date(at).toISOString()}>
        {when}
      </time>
    </div>
  );
}

function HistoryItem({
  entry,
  onRemove,
  focusRef,
}: {
  entry: HistoryEntry;
  onRemove(): void;
  focusRef: FocusRef | undefined;
}) {
  const { t, formatDateTime } = useI18n();
  const { focus } = useSession();
  const when = formatDateTime(entry.at);
  const what =
    entry.kind === 'camara'
      ? t(entry.camara.question === 'locate' ? 'history.camaraLocate' : 'history.camaraVerify')
      : entry.kind === 'cell'
        ? t('history.cell', { cell: cellLabel(entry.cell) })
        : t('history.location');
  return (
    <li className="history-item">
      {entry.kind === 'camara' ? (
        <CamaraItemText record={entry.camara} when={when} at={entry.at} />
      ) : (
        <button type="button" className="history-show" onClick={() => focus.show(entry)}>
          <span className="history-what">{what}</span>
          <span className="history-name">{entry.cell.name}</span>
          <time className="history-time muted small" dateTime={new Date(entry.at).toISOString()}>
            {when}
          </time>
        </button>
      )}
      <button
        type="button"
        className="button secondary small"
        aria-label={t('history.removeLabel', { what: `${what} (${when})` })}
        onClick={onRemove}
        ref={focusRef}
      >
        {t('history.remove')}
      </button>
    </li>
  );
}
