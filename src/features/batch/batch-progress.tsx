import { useId, useState } from 'react';
import { useI18n } from '../../i18n/i18n';
import { durationText } from '../../i18n/time-span';
import type { BatchSnapshot } from './batch-run';

/** Announced politely at most every few seconds; the bar and its label update on every render. */
const ANNOUNCE_EVERY_MS = 5000;

export function BatchProgress({ snapshot }: { snapshot: BatchSnapshot }) {
  const { t, formatNumber } = useI18n();
  const labelId = useId();
  const { done, total, failed, phase } = snapshot;
  const found = done - failed;
  const elapsed = Math.max(1, snapshot.until - snapshot.startedAt);
  const rate = done / (elapsed / 1000);
  const counts = {
    done: formatNumber(done),
    total: formatNumber(total),
    failed: formatNumber(failed),
    rate: formatNumber(rate, { maximumFractionDigits: 1 }),
  };
  // Time left is a running batch's only: a finished or cancelled one has none.
  const left =
    done > 0 && rate > 0
      ? t('batch.timeLeft', { time: durationText(((total - done) / rate) * 1000, { formatNumber, t }) })
      : t('batch.timeLeftUnknown');
  const line =
    phase === 'running' ? t('batch.progressText', { ...counts, left }) : t('batch.progressEnded', counts);
  const ended =
    phase === 'done'
      ? t('batch.finished', {
          found: formatNumber(found),
          failed: formatNumber(failed),
          total: formatNumber(total),
          time: durationText(elapsed, { formatNumber, t }),
        })
      : phase === 'cancelled'
        ? t('batch.cancelled', {
            done: formatNumber(done),
            total: formatNumber(total),
            found: formatNumber(found),
            failed: formatNumber(failed),
          })
        : null;
  const pausedSeconds = Math.ceil((snapshot.pausedUntil - snapshot.until) / 1000);
  const paused =
    phase === 'running' && pausedSeconds > 0 ? t('batch.paused', { seconds: pausedSeconds }) : null;

  const [announced, setAnnounced] = useState({ text: '', at: 0 });
  const wanted = ended ?? paused ?? line;
  const now = snapshot.until;
  if (
    wanted !== announced.text &&
    (ended !== null || paused !== null || now - announced.at >= ANNOUNCE_EVERY_MS)
  ) {
    setAnnounced({ text: wanted, at: now });
  }

  return (
    <div className="batch-progress">
      <label id={labelId} className="small" htmlFor={`${labelId}-bar`}>
        {t('batch.progress')}: {line}
      </label>
      <progress id={`${labelId}-bar`} max={Math.max(1, total)} value={done} />
      {paused !== null && <p className="notice small">{paused}</p>}
      {ended !== null && <p className="small batch-ended">{ended}</p>}
      {(snapshot.rateLimitedRetries > 0 || snapshot.transientRetries > 0) && (
        <p className="muted small batch-retries">
          {t('batch.retries', {
            limited: formatNumber(snapshot.rateLimitedRetries),
            transient: formatNumber(snapshot.transientRetries),
          })}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announced.text}
      </p>
    </div>
  );
}
