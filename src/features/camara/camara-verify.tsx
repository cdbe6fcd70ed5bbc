import { useId, useState, type FormEvent } from 'react';
import {
  VERIFY_RADIUS_MAX_M,
  VERIFY_RADIUS_MIN_M,
  type CamaraAnswer,
  type RadiusRefusal,
} from '../../api/camara';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/error-notice';
import { useFocusOutcome, type FocusRef } from '../../ui/focus';
import { FailureView, VerifiedView } from './camara-answer';
import { CamaraProgress, WaitFailures } from './camara-panel';
import { PlaceChooser, usePlace, type PlaceSource } from './camara-place';
import { useCamara, useCamaraAnswer } from './use-camara';

/** The distances the form lets through, in metres: its own, narrowed by what the operator said it checks. */
export interface RadiusLimits {
  minM: number;
  maxM: number;
}

/** The form's own limits: 0.1 km (finer than any network places a phone) to the service's largest. */
export const FORM_RADIUS_LIMITS: RadiusLimits = {
  minM: Math.max(100, VERIFY_RADIUS_MIN_M),
  maxM: VERIFY_RADIUS_MAX_M,
};

/** The limits once an operator named its own in a refusal; the same object when it adds nothing. */
export function learnedLimits(limits: RadiusLimits, refusal: RadiusRefusal | undefined): RadiusLimits {
  const minM = Math.max(limits.minM, refusal?.minM ?? limits.minM);
  const maxM = Math.min(limits.maxM, refusal?.maxM ?? limits.maxM);
  return minM === limits.minM && maxM === limits.maxM ? limits : { minM, maxM };
}

/** The distance asked about, in kilometres as typed (a comma as the decimal mark too), as whole metres. */
export function radiusMetres(text: string, limits = FORM_RADIUS_LIMITS): number | undefined {
  const km = Number(text.trim().replace(',', '.'));
  if (!/^\d+([.,]\d+)?$/.test(text.trim()) || !(km * 1000 >= limits.minM && km * 1000 <= limits.maxM)) {
    return undefined;
  }
  return Math.round(km * 1000);
}

type Problem = { field: 'place' | 'radius'; text: string };

/** When the area a Locate drew is older than the fix a check is about, says so: they are different moments. */
function OlderArea({ verified }: { verified: CamaraAnswer }) {
  const { t, formatTime } = useI18n();
  const located = useCamaraAnswer('locate');
  if (verified.state !== 'verified' || located?.state !== 'located') return null;
  const at = Date.parse(located.lastLocationTime);
  if (at >= Date.parse(verified.lastLocationTime)) return null;
  return <p className="muted">{t('camara.verify.olderArea', { time: formatTime(at) })}</p>;
}

/** The limits the form checks: its own, and those the operator named when it refused a radius (kept per user). */
function useRadiusLimits(answer: CamaraAnswer | undefined): RadiusLimits {
  const [limits, setLimits] = useState(FORM_RADIUS_LIMITS);
  const learned = learnedLimits(limits, answer?.state === 'failed' ? answer.radius : undefined);
  // Adjusted while rendering (React's pattern for state that follows a prop): the next check knows them at once.
  if (learned !== limits) setLimits(learned);
  return learned;
}

/** Below the form: the wait, the operator's answer or failure, and a request's own failure. */
function VerifyOutcome({
  camara,
  focusOutcome,
}: {
  camara: ReturnType<typeof useCamara>;
  focusOutcome: FocusRef;
}) {
  const { t } = useI18n();
  const { answer, asking, cancelling } = camara;
  return (
    <>
      <CamaraProgress
        asking={asking.isPending}
        answer={answer}
        done={t('camara.verify.announce')}
        onCancel={() => cancelling.mutate()}
      />
      {asking.isError && (
        <ErrorNotice error={asking.error} context={{ resource: 'location' }} focusRef={focusOutcome} />
      )}
      <WaitFailures camara={camara} />
      {answer?.state === 'verified' && <VerifiedView answer={answer} focusRef={focusOutcome} />}
      {answer !== undefined && <OlderArea verified={answer} />}
      {answer?.state === 'failed' && <FailureView answer={answer} focusRef={focusOutcome} />}
    </>
  );
}

/**
 * "Is my phone near a place?": the person gives a place (the looked-up cell, a point on the map, this device's own
 * position) and a distance; the operator answers yes, no or partly (with its match rate), after the owner agreed.
 */
export function CamaraVerify() {
  const { t, formatNumber } = useI18n();
  const headingId = useId();
  const radiusId = useId();
  const problemId = useId();
  const [source, setSource] = useState<PlaceSource>('map');
  const [radius, setRadius] = useState('2');
  const [problem, setProblem] = useState<Problem | undefined>(undefined);
  // Each Check that finds a problem moves focus to what it says, even when it says the same again.
  const [checks, setChecks] = useState(0);
  const focusProblem = useFocusOutcome(problem === undefined ? undefined : checks);
  const place = usePlace(source);
  const camara = useCamara('verify');
  const { answer, asking, clear, hasKeys, outcome } = camara;
  const limits = useRadiusLimits(answer);
  const focusOutcome = useFocusOutcome(outcome);
  const km = (metres: number) => formatNumber(metres / 1000, { useGrouping: false });
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (asking.isPending) return;
    setChecks((count) => count + 1);
    const radiusM = radiusMetres(radius, limits);
    const found: Problem | undefined =
      place === undefined
        ? { field: 'place', text: t('camara.verify.noPlace') }
        : radiusM === undefined
          ? {
              field: 'radius',
              text: t('camara.verify.radiusProblem', { min: km(limits.minM), max: km(limits.maxM) }),
            }
          : undefined;
    setProblem(found);
    // An answer beside a problem would seem to be about what was just typed: it goes.
    if (found !== undefined) return clear();
    if (place === undefined || radiusM === undefined) return;
    asking.mutate({ kind: 'verify', center: place, radiusM });
  };
  const problemText = problem && (
    <p id={problemId} ref={focusProblem} tabIndex={-1} className="field-problem" role="alert">
      {problem.text}
    </p>
  );
  const radiusWrong = problem?.field === 'radius';
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={asking.isPending}>
      <h2 id={headingId}>{t('camara.verify.heading')}</h2>
      <p className="muted">{t('camara.verify.intro')}</p>
      <form onSubmit={check} noValidate>
        <PlaceChooser source={source} onSource={setSource} />
        {problem?.field === 'place' && problemText}
        <div className="field">
          <label htmlFor={radiusId}>{t('camara.verify.radius')}</label>
          <input
            id={radiusId}
            inputMode="decimal"
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
            aria-invalid={radiusWrong}
            aria-describedby={radiusWrong ? problemId : undefined}
          />
        </div>
        {radiusWrong && problemText}
        <button
          type="submit"
          className="button primary"
          disabled={!hasKeys}
          // Not disabled while asking: a disabled button loses focus (camara-panel.tsx).
          aria-disabled={asking.isPending}
        >
          {t('camara.verify.check')}
        </button>
      </form>
      <VerifyOutcome camara={camara} focusOutcome={focusOutcome} />
    </section>
  );
}
