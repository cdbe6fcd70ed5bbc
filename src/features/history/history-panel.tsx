import './history.css';
import { useId } from 'react';
import { cellLabel } from '../../api/cell-id';
import { useI18n } from '../../i18n/i18n';
import { useSession } from '../../state/session';
import { history, useHistory } from './history-storage';

/** The last answers read with these keys, newest first; showing one again sends nothing and names it in the URL. */
export function HistoryPanel() {
  const { t, formatDateTime } = useI18n();
  const headingId = useId();
  const entries = useHistory();
  const { focus } = useSession();
  const remove = (id: string) => {
    history.remove(id);
    focus.dispatch({ type: 'unshow', id });
  };
  const clear = () => {
    history.clear();
    focus.dispatch({ type: 'unshow' });
  };
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
                  ? t('history.cell', { cell: cellLabel(entry.cell) })
                  : t('history.location');
              const when = formatDateTime(entry.at);
              return (
                <li key={entry.id} className="history-item">
                  <button type="button" className="history-show" onClick={() => focus.show(entry)}>
                    <span className="history-what">{what}</span>
                    <span className="history-name">{entry.cell.name}</span>
                    <time className="history-time muted small" dateTime={new Date(entry.at).toISOString()}>
                      {when}
                    </time>
                  </button>
                  <button
                    type="button"
                    className="button secondary small"
                    aria-label={t('history.removeLabel', { what: `${what} (${when})` })}
                    onClick={() => remove(entry.id)}
                  >
                    {t('history.remove')}
                  </button>
                </li>
              );
            })}
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
