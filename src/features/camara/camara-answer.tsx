import { useEffect, useRef, type ReactNode } from 'react';
import type { CamaraAnswer, CamaraArea, LatLon } from '../../api/camara';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { agoText, waitText } from '../../i18n/time-span';
import { useNow } from '../../state/use-now';

type Located = Extract<CamaraAnswer, { state: 'located' }>;
type Verified = Extract<CamaraAnswer, { state: 'verified' }>;
type Failed = Extract<CamaraAnswer, { state: 'failed' }>;

/** A fix older than this is said to be old: the phone may have moved since. */
export const OLD_FIX_MS = 15 * 60_000;

/**
 * Moves keyboard focus to the element when a new answer (`token`) arrives, so the next Tab starts from there: when
 * focus is where the person asked (the element's section) or nowhere (the page). An answer can come half a minute
 * after the question; whoever went on to another part of the page meanwhile keeps their place, and hears the live
 * region instead.
 */
export function useFocusOnArrival<T extends HTMLElement>(token: string | undefined) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const target = ref.current;
    if (token === undefined || target === null) return;
    const active = document.activeElement;
    const asked = target.closest('section');
    if (active === null || active === document.body || asked === null || asked.contains(active))
      target.focus();
  }, [token]);
  return ref;
}

/** What a failed request says (ErrorNotice), taking focus as an answer does. */
export function FocusOnArrival({ token, children }: { token: string; children: ReactNode }) {
  const ref = useFocusOnArrival<HTMLDivElement>(token);
  return (
    <div ref={ref} tabIndex={-1} className="camara-focus">
      {children}
    </div>
  );
}

export function useCoordinates() {
  const { formatNumber } = useI18n();
  const degrees = (value: number) =>
    formatNumber(value, { minimumFractionDigits: 5, maximumFractionDigits: 5 });
  return (point: LatLon) => ({ lat: degrees(point.lat), lon: degrees(point.lon) });
}

/** How old the network's fix is, ticking, with its time; and a warning when it is old. */
function FixAge({ lastLocationTime }: { lastLocationTime: string }) {
  const { t, formatTime, formatDateTime } = useI18n();
  const now = useNow(1000);
  const at = Date.parse(lastLocationTime);
  return (
    <>
      <dt>{t('camara.located.fix')}</dt>
      <dd>{t('camara.located.fixAt', { age: agoText(now - at, t), time: formatTime(at) })}</dd>
      {now - at > OLD_FIX_MS && (
        <dd className="camara-old">{t('camara.located.old', { time: formatDateTime(at) })}</dd>
      )}
    </>
  );
}

function AreaFields({ area }: { area: CamaraArea }) {
  const { t, formatDistance } = useI18n();
  const { lat, lon } = useCoordinates()(area.center);
  const distance = formatDistance(area.radiusM);
  return (
    <>
      <dt>{t('camara.located.centre')}</dt>
      <dd className="mono">{t('field.coordinates', { lat, lon })}</dd>
      <dt>{t('camara.located.size')}</dt>
      <dd>
        {area.shape === 'circle'
          ? t('camara.located.circle', { distance })
          : t('camara.located.polygon', { corners: area.points.length, distance })}
      </dd>
    </>
  );
}

/** Where the network places the phone: a heading that takes focus when it arrives, the area and the fix's age. */
export function LocatedView({ answer }: { answer: Located }) {
  const { t, formatDistance } = useI18n();
  const heading = useFocusOnArrival<HTMLHeadingElement>(answer.answeredAt);
  return (
    <div className="result camara-result">
      <h3 ref={heading} tabIndex={-1} className="result-title">
        {t('camara.located.heading', { distance: formatDistance(answer.area.radiusM) })}
      </h3>
      <dl className="fields">
        <AreaFields area={answer.area} />
        <FixAge lastLocationTime={answer.lastLocationTime} />
      </dl>
    </div>
  );
}

const VERDICT: Record<Verified['result'], MessageKey> = {
  TRUE: 'camara.verify.true',
  FALSE: 'camara.verify.false',
  PARTIAL: 'camara.verify.partial',
};

/** The operator's verdict on the circle, as a heading that takes focus, with the circle and the fix's age. */
export function VerifiedView({ answer }: { answer: Verified }) {
  const { t, formatDistance, formatNumber } = useI18n();
  const heading = useFocusOnArrival<HTMLHeadingElement>(answer.answeredAt);
  const { lat, lon } = useCoordinates()(answer.circle.center);
  const distance = formatDistance(answer.circle.radiusM);
  return (
    <div className="result camara-result">
      <h3 ref={heading} tabIndex={-1} className="result-title">
        {t(VERDICT[answer.result], { distance, rate: formatNumber(answer.matchRate ?? 0) })}
      </h3>
      {answer.result === 'PARTIAL' && <p>{t('camara.verify.partialNote')}</p>}
      <dl className="fields">
        <dt>{t('camara.verify.place')}</dt>
        <dd className="mono">{t('field.coordinates', { lat, lon })}</dd>
        <FixAge lastLocationTime={answer.lastLocationTime} />
      </dl>
    </div>
  );
}

/** Why there is no answer, and what to do next; the title takes focus, the whole is announced. */
export function FailureView({ answer, token }: { answer: Failed; token: string }) {
  const { t } = useI18n();
  const title = useFocusOnArrival<HTMLHeadingElement>(token);
  const prefix = `camara.failed.${answer.reason}` as const;
  return (
    <div className="error-notice" role="alert">
      <h3 ref={title} tabIndex={-1} className="error-title">
        {t(`${prefix}.title`)}
      </h3>
      <p>
        {t(`${prefix}.body`, {
          wait: waitText(answer.retryAfterSeconds ?? 60, t),
          field: answer.field ?? t('field.body'),
        })}
      </p>
    </div>
  );
}
