import { useId } from 'react';
import { useI18n } from '../../i18n/i18n';
import { durationText } from '../../i18n/time-span';
import type { FocusRef } from '../../ui/focus';

/** A run that the service's limit makes longer than this is said before it starts, and waits for a yes. */
const ASK_ABOVE_MS = 60_000;

/**
 * How long `cells` reads take at least at the service's limit (`perSecond` for one service key), when that is
 * long enough to ask first; undefined otherwise, or when the service names no limit.
 */
export function longRunMs(cells: number, perSecond: number | undefined): number | undefined {
  if (perSecond === undefined || perSecond <= 0) return undefined;
  const ms = (cells / perSecond) * 1000;
  return ms > ASK_ABOVE_MS ? ms : undefined;
}

/**
 * What the service's limit means for this run, before anything is sent, and the button that starts it. Its words
 * take focus when it appears (`focusRef`, the outcome of the person's Look up), so the next Tab reaches the button.
 */
export function LongRunNotice(props: {
  cells: number;
  perSecond: number;
  focusRef: FocusRef;
  onStart(): void;
}) {
  const { cells, perSecond, focusRef, onStart } = props;
  const { t, formatNumber } = useI18n();
  const id = useId();
  const count = formatNumber(cells);
  const time = durationText(longRunMs(cells, perSecond) ?? 0, { formatNumber, t });
  return (
    <div className="notice batch-long-run" role="status">
      <p id={id} ref={focusRef} tabIndex={-1}>
        {t('batch.longRun', { rate: formatNumber(perSecond), count, time })}
      </p>
      <div className="button-row">
        <button type="button" className="button primary" onClick={onStart} aria-describedby={id}>
          {t('batch.longRunStart', { count })}
        </button>
      </div>
    </div>
  );
}
