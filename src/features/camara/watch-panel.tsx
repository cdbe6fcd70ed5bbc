import { useCallback, useId, useState, type FormEvent } from 'react';
import { ApiError } from '../../api/errors';
import { WATCH_RADIUS_MAX_M, type WatchEventView, type WatchKind, type WatchView } from '../../api/watches';
import { useI18n } from '../../i18n/i18n';
import { ErrorNotice } from '../../ui/error-notice';
import { useCoordinates } from './camara-answer';
import { PlaceChooser, usePlace, type PlaceSource } from './camara-place';
import { radiusMetres } from './camara-verify';
import { useEventNotifications, useWatches } from './use-watches';
import { useFrameWatch, useWatchesOnMap } from './watches-on-map';
import { useOnline } from '../../state/online';

/** The form's distances: 1 km (the least an operator commonly watches) to the service's largest. */
const LIMITS = { minM: 1000, maxM: WATCH_RADIUS_MAX_M };

type T = ReturnType<typeof useI18n>['t'];

function eventText(t: T, formatTime: (at: number) => string, event: WatchEventView): string {
  return t(`watch.event.${event.kind}`, { time: formatTime(Date.parse(event.time)) });
}

function StateText({ watch }: { watch: WatchView }) {
  const { t, formatTime, formatNumber } = useI18n();
  if (watch.state === 'consent') {
    const until = watch.consentUntil === undefined ? '' : formatTime(Date.parse(watch.consentUntil));
    return <p>{t('watch.state.consent', { time: until })}</p>;
  }
  if (watch.state !== 'ended') return <p>{t(`watch.state.${watch.state}`)}</p>;
  const reason = t(`watch.reason.${watch.endReason ?? 'operator-refused'}`);
  const min = watch.limits?.minM;
  return (
    <>
      <p>{t('watch.state.ended', { reason })}</p>
      {min !== undefined && <p className="muted">{t('watch.limits', { min: formatNumber(min / 1000) })}</p>}
    </>
  );
}

/** One watch: what it waits for, where it stands, its events by their time, and Stop watching. */
function WatchItem({
  watch,
  onStop,
  onFrame,
  stopping,
}: {
  watch: WatchView;
  onStop: () => void;
  onFrame: () => void;
  stopping: boolean;
}) {
  const { t, formatTime, formatDistance } = useI18n();
  const coordinates = useCoordinates();
  const { lat, lon } = coordinates(watch.center);
  const what = t(`watch.item.${watch.kind}`, {
    distance: formatDistance(watch.radiusM),
    where: `${lat}, ${lon}`,
  });
  const shown = watch.events.filter((event) => event.kind === 'entered' || event.kind === 'left');
  return (
    <li className="watch-item" data-state={watch.state}>
      <p className="watch-what">{what}</p>
      <StateText watch={watch} />
      {shown.length > 0 && (
        <ul className="watch-events">
          {shown.map((event) => (
            <li key={event.id}>
              <time dateTime={event.time}>{eventText(t, formatTime, event)}</time>
            </li>
          ))}
        </ul>
      )}
      <div className="watch-actions">
        <button type="button" className="button" onClick={onFrame}>
          {t('watch.showOnMap')}
        </button>
        {watch.state !== 'ended' && (
          <button type="button" className="button" onClick={onStop} aria-disabled={stopping}>
            {t('watch.stop')}
          </button>
        )}
      </div>
    </li>
  );
}

/** Opt-in to system notifications: asked only when the person presses it. */
function NotifyOptIn() {
  const { t } = useI18n();
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(supported ? Notification.permission : 'denied');
  if (!supported || permission === 'denied') return <p className="muted">{t('watch.notifyDenied')}</p>;
  if (permission === 'granted') return <p className="muted">{t('watch.notifyOn')}</p>;
  const ask = () => void Notification.requestPermission().then(setPermission);
  return (
    <button type="button" className="button" onClick={ask}>
      {t('watch.notify')}
    </button>
  );
}

function WatchForm({
  onStart,
  busy,
  disabled,
}: {
  onStart: (ask: { kind: WatchKind; center: { lat: number; lon: number }; radiusM: number }) => void;
  busy: boolean;
  disabled: boolean;
}) {
  const { t, formatNumber } = useI18n();
  const radiusId = useId();
  const whenName = useId();
  const problemId = useId();
  const [source, setSource] = useState<PlaceSource>('map');
  const [radius, setRadius] = useState('2');
  const [kind, setKind] = useState<WatchKind>('leave');
  const [problem, setProblem] = useState<string | undefined>();
  const place = usePlace(source);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const radiusM = radiusMetres(radius, LIMITS);
    const km = (m: number) => formatNumber(m / 1000, { useGrouping: false });
    if (place === undefined) return setProblem(t('watch.noPlace'));
    if (radiusM === undefined)
      return setProblem(t('watch.radiusProblem', { min: km(LIMITS.minM), max: km(LIMITS.maxM) }));
    setProblem(undefined);
    onStart({ kind, center: place, radiusM });
  };
  return (
    <form onSubmit={submit} noValidate>
      <PlaceChooser source={source} onSource={setSource} />
      <div className="field">
        <label htmlFor={radiusId}>{t('watch.radius')}</label>
        <input
          id={radiusId}
          inputMode="decimal"
          value={radius}
          onChange={(e) => setRadius(e.target.value)}
          aria-describedby={problem === undefined ? undefined : problemId}
        />
      </div>
      <fieldset>
        <legend>{t('watch.when')}</legend>
        {(['leave', 'arrive'] as const).map((value) => (
          <label key={value} className="inline-check">
            <input
              type="radio"
              name={whenName}
              value={value}
              checked={kind === value}
              onChange={() => setKind(value)}
            />
            {t(value === 'leave' ? 'watch.leaves' : 'watch.arrives')}
          </label>
        ))}
      </fieldset>
      {problem !== undefined && (
        <p id={problemId} className="field-problem" role="alert">
          {problem}
        </p>
      )}
      <button type="submit" className="button primary" disabled={disabled} aria-disabled={busy}>
        {t('watch.start')}
      </button>
    </form>
  );
}

/**
 * "Watch my phone": a place, a distance and arrive or leave; the operator asks the owner (`own`: the service watches
 * its own users' phones, demo mode, and asks no one), then tells the service when the phone crosses the circle, and this panel (polling while a watch is open) shows it with its time.
 */
export function WatchPanel({ own = false }: { own?: boolean }) {
  const { t, formatTime } = useI18n();
  const headingId = useId();
  const listId = useId();
  const { watches, query, starting, stopping, hasKeys } = useWatches();
  const online = useOnline();
  const words = useCallback(
    (event: WatchEventView) => ({ title: t('watch.notifyTitle'), body: eventText(t, formatTime, event) }),
    [t, formatTime],
  );
  useEventNotifications(watches, words);
  useWatchesOnMap(watches);
  const frame = useFrameWatch();
  const tooMany = starting.error instanceof ApiError && starting.error.status === 409;
  return (
    <section className="panel-section watch-panel" aria-labelledby={headingId} aria-busy={starting.isPending}>
      <h2 id={headingId}>{t('watch.heading')}</h2>
      <p className="muted">{t(own ? 'watch.introOwn' : 'watch.intro')}</p>
      <WatchForm onStart={(ask) => starting.mutate(ask)} busy={starting.isPending} disabled={!hasKeys} />
      <p role="status">{starting.isPending ? t('watch.starting') : ''}</p>
      {tooMany && (
        <p className="field-problem" role="alert">
          {t('watch.tooMany')}
        </p>
      )}
      {starting.isError && !tooMany && (
        <ErrorNotice error={starting.error} context={{ resource: 'location' }} />
      )}
      {/* The list is read in the background (and polled): its failure is said politely, never as a second alert,
          and not at all while the page's own line says the device is offline. */}
      {query.isError && online && (
        <ErrorNotice error={query.error} context={{ resource: 'location' }} polite />
      )}
      <h3 id={listId}>{t('watch.list')}</h3>
      <NotifyOptIn />
      {watches !== undefined && watches.length === 0 && <p className="muted">{t('watch.none')}</p>}
      <ul className="watch-list" aria-labelledby={listId} aria-live="polite">
        {(watches ?? []).map((watch) => (
          <WatchItem
            key={watch.id}
            watch={watch}
            onStop={() => stopping.mutate(watch.id)}
            onFrame={() => frame(watch)}
            stopping={stopping.isPending}
          />
        ))}
      </ul>
    </section>
  );
}
