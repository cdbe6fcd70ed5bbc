import type { CamaraAnswer, CamaraArea, LatLon, RadiusRefusal } from '../../api/camara';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { agoText, waitText } from '../../i18n/time-span';
import { useNow } from '../../state/use-now';
import type { FocusRef } from '../../ui/focus';
import { ResultHeading } from '../../ui/result-heading';

type Located = Extract<CamaraAnswer, { state: 'located' }>;
type Verified = Extract<CamaraAnswer, { state: 'verified' }>;
type Failed = Extract<CamaraAnswer, { state: 'failed' }>;

/** A fix older than this is said to be old: the phone may have moved since. */
export const OLD_FIX_MS = 15 * 60_000;

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
export function LocatedView({ answer, focusRef }: { answer: Located; focusRef: FocusRef }) {
  const { t, formatDistance } = useI18n();
  return (
    <div className="result camara-result">
      <ResultHeading focusRef={focusRef}>
        {t('camara.located.heading', { distance: formatDistance(answer.area.radiusM) })}
      </ResultHeading>
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
export function VerifiedView({ answer, focusRef }: { answer: Verified; focusRef: FocusRef }) {
  const { t, formatDistance, formatNumber } = useI18n();
  const { lat, lon } = useCoordinates()(answer.circle.center);
  const distance = formatDistance(answer.circle.radiusM);
  return (
    <div className="result camara-result">
      <ResultHeading focusRef={focusRef}>
        {t(VERDICT[answer.result], { distance, rate: formatNumber(answer.matchRate ?? 0) })}
      </ResultHeading>
      {answer.result === 'PARTIAL' && <p>{t('camara.verify.partialNote')}</p>}
      <dl className="fields">
        <dt>{t('camara.verify.place')}</dt>
        <dd className="mono">{t('field.coordinates', { lat, lon })}</dd>
        <FixAge lastLocationTime={answer.lastLocationTime} />
      </dl>
    </div>
  );
}

/** A refused radius: which way it was wrong, and the operator's limits when it named them. */
function radiusWords(radius: RadiusRefusal | undefined): { title?: MessageKey; body?: MessageKey } {
  if (radius === undefined) return {};
  const title: MessageKey | undefined = radius.way === 'large' ? 'camara.radius.tooLarge' : undefined;
  const { minM, maxM } = radius;
  if (minM !== undefined && maxM !== undefined) return { title, body: 'camara.radius.range' };
  if (radius.way === 'small' && minM !== undefined) return { title, body: 'camara.radius.min' };
  if (radius.way === 'large' && maxM !== undefined) return { title, body: 'camara.radius.max' };
  return { title, body: radius.way === 'large' ? 'camara.radius.largeBody' : undefined };
}

/** Why there is no answer, and what to do next; the title takes focus, the whole is announced. */
export function FailureView({ answer, focusRef }: { answer: Failed; focusRef: FocusRef }) {
  const { t, formatDistance } = useI18n();
  const prefix = `camara.failed.${answer.reason}` as const;
  const radius = radiusWords(answer.radius);
  return (
    <div className="error-notice" role="alert">
      <h3 ref={focusRef} tabIndex={-1} className="error-title">
        {t(radius.title ?? `${prefix}.title`)}
      </h3>
      <p>
        {t(radius.body ?? `${prefix}.body`, {
          wait: waitText(answer.retryAfterSeconds ?? 60, t),
          field: answer.field ?? t('field.body'),
          min: formatDistance(answer.radius?.minM ?? 0),
          max: formatDistance(answer.radius?.maxM ?? 0),
        })}
      </p>
    </div>
  );
}
