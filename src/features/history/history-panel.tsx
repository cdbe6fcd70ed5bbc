import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import type { HistoryEntry } from './history-storage';

export interface HistoryPanelProps {
  entries: readonly HistoryEntry[];
  onShow(entry: HistoryEntry): void;
  onRemove(id: string): void;
  onClear(): void;
}

/** The last answers on this device, newest first; showing one again sends nothing. */
export function HistoryPanel({ entries, onShow, onRemove, onClear }: HistoryPanelProps) {
  const { t, formatDateTime } = useI18n();
  const headingId = useId();
  return (
    <section className="panel-section history-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{t('history.heading')}</h2>
      <p className="muted small">{t('history.note')}</p>
      {entries.length === 0 ? (
        <p className="muted">{t('history.empty')}</p>
      ) : (
        <>
          <ol className="history-list">
            {entries.map((entry) => {
              const what =
                entry.kind === 'cell'
                  ? t('history.cell', { cell: `${entry.cell.mcc}/${entry.cell.mnc}/${entry.cell.cellid}` })
                  : t('history.location');
              return (
                <li key={entry.id} className="history-item">
                  <button type="button" className="history-show" onClick={() => onShow(entry)}>
                    <span className="history-what">{what}</span>
                    <span className="history-name">{entry.cell.name}</span>
                    <time className="history-time muted small" dateTime={new Date(entry.at).toISOString()}>
                      {formatDateTime(entry.at)}
                    </time>
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('history.removeLabel', { what: `${what} (${formatDateTime(entry.at)})` })}
                    onClick={() => onRemove(entry.id)}
                  >
                    {t('history.remove')}
                  </button>
                </li>
              );
            })}
          </ol>
          <div className="button-row">
            <button type="button" className="button secondary" onClick={onClear}>
              {t('history.clear')}
            </button>
          </div>
        </>
      )}
    </section>
  );
}
