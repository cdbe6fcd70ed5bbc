import { useId, useState, type FormEvent } from 'react';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/error-notice';
import { useFocusOutcome } from '../../ui/focus';
import { FailureView, VerifiedView } from './camara-answer';
import { CamaraProgress } from './camara-panel';
import { PlaceChooser, usePlace, type PlaceSource } from './camara-place';
import { useCamara } from './use-camara';

/** The distance asked about, in kilometres as typed (a comma as the decimal mark too), as whole metres. */
export function radiusMetres(text: string): number | undefined {
  const km = Number(text.trim().replace(',', '.'));
  if (!/^\d+([.,]\d+)?$/.test(text.trim()) || !(km >= 0.1 && km <= 1000)) return undefined;
  return Math.round(km * 1000);
}

/**
 * "Is my phone near a place?": the person gives a place (the looked-up cell, a point on the map, this device's own
 * position) and a distance; the operator answers yes, no or partly (with its match rate), after the owner agreed.
 */
export function CamaraVerify() {
  const { t } = useI18n();
  const headingId = useId();
  const radiusId = useId();
  const problemId = useId();
  const [source, setSource] = useState<PlaceSource>('map');
  const [radius, setRadius] = useState('2');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  // Each Check that finds a problem moves focus to what it says, even when it says the same again.
  const [checks, setChecks] = useState(0);
  const focusProblem = useFocusOutcome(problem === undefined ? undefined : checks);
  const place = usePlace(source);
  const { answer, query, asking, hasKeys, outcome } = useCamara('verify');
  const focusOutcome = useFocusOutcome(outcome);
  const check = (event: FormEvent) => {
    event.preventDefault();
    if (asking.isPending) return;
    setChecks((count) => count + 1);
    const radiusM = radiusMetres(radius);
    const missing = place === undefined ? t('camara.verify.noPlace') : undefined;
    const wrong = radiusM === undefined ? t('camara.verify.radiusProblem') : undefined;
    setProblem(missing ?? wrong);
    if (place === undefined || radiusM === undefined) return;
    asking.mutate({ kind: 'verify', center: place, radiusM });
  };
  return (
    <section className="panel-section" aria-labelledby={headingId} aria-busy={asking.isPending}>
      <h2 id={headingId}>{t('camara.verify.heading')}</h2>
      <p className="muted">{t('camara.verify.intro')}</p>
      <form onSubmit={check} noValidate>
        <PlaceChooser source={source} onSource={setSource} />
        <div className="field">
          <label htmlFor={radiusId}>{t('camara.verify.radius')}</label>
          <input
            id={radiusId}
            inputMode="decimal"
            value={radius}
            onChange={(e) => setRadius(e.target.value)}
            aria-invalid={problem !== undefined}
            aria-describedby={problem === undefined ? undefined : problemId}
          />
        </div>
        {problem !== undefined && (
          <p id={problemId} ref={focusProblem} tabIndex={-1} className="field-problem" role="alert">
            {problem}
          </p>
        )}
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
      <CamaraProgress asking={asking.isPending} answer={answer} done={t('camara.verify.announce')} />
      {asking.isError && (
        <ErrorNotice error={asking.error} context={{ resource: 'location' }} focusRef={focusOutcome} />
      )}
      {query.isError && answer?.state === 'pending' && (
        <ErrorNotice
          error={query.error}
          context={{ resource: 'location' }}
          onRetry={() => void query.refetch()}
        />
      )}
      {answer?.state === 'verified' && <VerifiedView answer={answer} focusRef={focusOutcome} />}
      {answer?.state === 'failed' && <FailureView answer={answer} focusRef={focusOutcome} />}
    </section>
  );
}
