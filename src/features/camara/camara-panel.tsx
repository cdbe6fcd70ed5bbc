import './camara.css';
import { useId, useState } from 'react';
import type { CamaraAnswer } from '../../api/camara';
import { useI18n } from '../../i18n/i18n';
import { durationText } from '../../i18n/time-span';
import { useNow } from '../../state/use-now';
import { useSession } from '../../state/session';
import { ErrorNotice } from '../../ui/error-notice';
import { useFocusOutcome } from '../../ui/focus';
import { FailureView, LocatedView } from './camara-answer';
import { useCamara } from './use-camara';

type Pending = Extract<CamaraAnswer, { state: 'pending' }>;

/** What a wait is, in words true of it: the operator failed the last poll; it said it asks the owner; or not yet
 *  (the owner may have consented before, and then nobody is asked). */
function waitWords(answer: Pending, t: ReturnType<typeof useI18n>['t'], time: string): string {
  if (answer.operatorTrouble === true) return t('camara.trouble', { time });
  return t(answer.ownerAsked === true ? 'camara.pending' : 'camara.waiting', { time });
}

/** The time a wait has left, counting down (not a live region: it would be read out every second), and Cancel. */
function WaitLeft({ answer, onCancel }: { answer: Pending; onCancel: () => void }) {
  const { t, formatNumber } = useI18n();
  const now = useNow(1000);
  const left = Math.max(0, Date.parse(answer.expiresAt) - now);
  return (
    <p className="camara-left">
      <span>{t('camara.left', { left: durationText(left, { formatNumber, t }) })}</span>{' '}
      <button type="button" className="button" onClick={onCancel}>
        {t('camara.cancel')}
      </button>
    </p>
  );
}

/**
 * What the live region says: asking, the wait (with until when), or that an answer came. Always in the page, so
 * screen readers hear each change; a failure is announced by its own alert. Below it, a wait's time left and Cancel.
 */
export function CamaraProgress({
  asking,
  answer,
  done,
  onCancel,
}: {
  asking: boolean;
  answer: CamaraAnswer | undefined;
  done: string;
  onCancel: () => void;
}) {
  const { t, formatTime } = useI18n();
  const text = asking
    ? t('camara.asking')
    : answer?.state === 'pending'
      ? waitWords(answer, t, formatTime(Date.parse(answer.expiresAt)))
      : answer?.state === 'located' || answer?.state === 'verified'
        ? done
        : '';
  return (
    <>
      <p role="status" className={answer?.state === 'pending' ? 'camara-waiting' : 'status-line'}>
        {text}
      </p>
      {!asking && answer?.state === 'pending' && <WaitLeft answer={answer} onCancel={onCancel} />}
    </>
  );
}

/** A wait's own failures, below it: the last check of a pending answer (with Retry), and Cancel's. */
export function WaitFailures({ camara }: { camara: ReturnType<typeof useCamara> }) {
  const { answer, query, cancelling } = camara;
  return (
    <>
      {query.isError && answer?.state === 'pending' && (
        <ErrorNotice
          error={query.error}
          context={{ resource: 'location' }}
          onRetry={() => void query.refetch()}
        />
      )}
      {cancelling.isError && <ErrorNotice error={cancelling.error} context={{ resource: 'location' }} />}
    </>
  );
}

/**
 * "Locate my phone" when a CAMARA operator answers: the operator asks the owner on the phone, the app keeps
 * waiting by itself, and the area appears as soon as the owner agrees, its heading taking focus.
 */
export function CamaraPanel() {
  const { t } = useI18n();
  const headingId = useId();
  const freshId = useId();
  const { focus } = useSession();
  const [fresh, setFresh] = useState(false);
  const camara = useCamara('locate');
  const { answer, asking, cancelling, hasKeys, outcome } = camara;
  const focusOutcome = useFocusOutcome(outcome);
  const locate = () => {
    if (asking.isPending) return;
    focus.dispatch({ type: 'locate' });
    asking.mutate({ kind: 'locate', fresh });
  };
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={asking.isPending}>
      <h2 id={headingId}>{t('location.heading')}</h2>
      <div className="button-row">
        <button
          type="button"
          className="button primary"
          onClick={locate}
          disabled={!hasKeys}
          // Not disabled while asking: a disabled button loses focus, and the next Tab would start from the top.
          aria-disabled={asking.isPending}
        >
          {t('location.locate')}
        </button>
        <label className="inline-check" htmlFor={freshId}>
          <input id={freshId} type="checkbox" checked={fresh} onChange={(e) => setFresh(e.target.checked)} />
          {t('camara.fresh')}
        </label>
      </div>
      {!hasKeys && <p className="muted">{t('location.needKeys')}</p>}
      {hasKeys && answer === undefined && !asking.isPending && <p className="muted">{t('camara.intro')}</p>}
      <CamaraProgress
        asking={asking.isPending}
        answer={answer}
        done={t('camara.located.announce')}
        onCancel={() => cancelling.mutate()}
      />
      {asking.isError && (
        <ErrorNotice
          error={asking.error}
          context={{ resource: 'location' }}
          onRetry={locate}
          focusRef={focusOutcome}
        />
      )}
      <WaitFailures camara={camara} />
      {answer?.state === 'located' && <LocatedView answer={answer} focusRef={focusOutcome} />}
      {answer?.state === 'failed' && <FailureView answer={answer} focusRef={focusOutcome} />}
    </section>
  );
}
