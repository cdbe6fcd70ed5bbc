import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import { megabytes } from './megabytes';
import { MAX_BYTES, MAX_LINES, type ParseResult } from './parse';
import { badLineText } from './reasons';

const BAD_LINES_SHOWN = 200;

export function ParseSummary({
  parsed,
  running,
  sent,
  canSend,
  onSendAnyway,
}: {
  parsed: ParseResult;
  running: boolean;
  /** The readable lines were sent: the bad ones are what was left out, no longer a question. */
  sent: boolean;
  canSend: boolean;
  onSendAnyway(): void;
}) {
  const { t, formatNumber } = useI18n();
  const headingId = useId();
  if (parsed.tooLarge) {
    return (
      <p className="error-notice" role="alert">
        {'lines' in parsed.tooLarge
          ? t('batch.tooManyLines', {
              count: formatNumber(parsed.tooLarge.lines),
              max: formatNumber(MAX_LINES),
            })
          : t('batch.tooManyBytes', {
              size: megabytes(parsed.tooLarge.bytes, formatNumber),
              max: megabytes(MAX_BYTES, formatNumber),
            })}
      </p>
    );
  }
  if (parsed.entries.length === 0 && parsed.bad.length === 0) {
    return (
      <p className="error-notice" role="alert">
        {t('batch.empty')}
      </p>
    );
  }
  return (
    <div className="batch-summary">
      <p className="small">
        {t('batch.summary', { count: formatNumber(parsed.entries.length) })}
        {parsed.duplicateLines > 0 && (
          <> {t('batch.duplicates', { count: formatNumber(parsed.duplicateLines) })}</>
        )}
        {parsed.header && <> {t('batch.header')}</>}
      </p>
      {parsed.bad.length > 0 && (
        <div className="error-notice" role={sent ? 'group' : 'alert'} aria-labelledby={headingId}>
          <p className="error-title" id={headingId}>
            {t(sent ? 'batch.badNotSent' : 'batch.badTitle', { count: formatNumber(parsed.bad.length) })}
          </p>
          {!sent && <p>{t('batch.badHelp')}</p>}
          <ul className="batch-bad">
            {parsed.bad.slice(0, BAD_LINES_SHOWN).map((bad) => (
              <li key={bad.line}>
                <strong>{t('batch.badLine', { line: formatNumber(bad.line) })}</strong>{' '}
                <code className="mono">{bad.text.slice(0, 80)}</code>: {badLineText(bad, t)}
              </li>
            ))}
          </ul>
          {parsed.bad.length > BAD_LINES_SHOWN && <p>…</p>}
          {parsed.entries.length > 0 && !sent && (
            <div className="button-row">
              <button
                type="button"
                className="button secondary"
                onClick={onSendAnyway}
                disabled={running || !canSend}
              >
                {t('batch.sendAnyway', { count: formatNumber(parsed.entries.length) })}
              </button>
            </div>
          )}
        </div>
      )}
    </div>
  );
}
