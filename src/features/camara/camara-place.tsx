import { useEffect, useId } from 'react';
import type { LatLon } from '../../api/camara';
import type { MessageKey } from '../../i18n/en';
import { useI18n } from '../../i18n/i18n';
import { useDevicePosition, useMapFocus, useMapPick, useSession } from '../../state/session';
import { useCoordinates } from './camara-answer';

export type PlaceSource = 'cell' | 'map' | 'device';

const SOURCES: ReadonlyArray<[PlaceSource, MessageKey]> = [
  ['cell', 'camara.verify.fromCell'],
  ['map', 'camara.verify.fromMap'],
  ['device', 'camara.verify.fromDevice'],
];

const DEVICE_PROBLEM: Record<'denied' | 'unavailable' | 'timeout' | 'unsupported', MessageKey> = {
  denied: 'geo.denied',
  unavailable: 'geo.unavailable',
  timeout: 'geo.timeout',
  unsupported: 'geo.unsupported',
};

/** The point each source gives now: the looked-up cell's, the one chosen on the map, this device's own. */
export function usePlace(source: PlaceSource): LatLon | undefined {
  const cell = useMapFocus((focus) => focus.cell?.position);
  const { point } = useMapPick();
  const [device] = useDevicePosition();
  if (source === 'cell') return cell;
  if (source === 'map') return point;
  return device.status === 'ok' ? { lat: device.lat, lon: device.lon } : undefined;
}

/** What a source needs said: no cell yet, how to choose on the map, this device's position being found or refused. */
function PlaceHint({ source }: { source: PlaceSource }) {
  const { t } = useI18n();
  const { pick, focus } = useSession();
  const cell = useMapFocus((state) => state.cell);
  // The map comes a moment after the page (its code loads apart): until it shows, it has no middle to take.
  const mapShown = useMapFocus((state) => state.view !== undefined);
  const [device] = useDevicePosition();
  if (source === 'cell' && cell === undefined) return <p className="muted">{t('camara.verify.noCell')}</p>;
  if (source === 'map') {
    const middle = () => {
      const view = focus.get().view;
      if (view !== undefined) pick.choose({ lat: view.lat, lon: view.lon });
    };
    return (
      <p className="muted">
        {t('camara.verify.pickHint')}{' '}
        <button type="button" className="button link" onClick={middle} disabled={!mapShown}>
          {t('camara.verify.useMiddle')}
        </button>
      </p>
    );
  }
  if (source === 'device' && device.status === 'locating') return <p role="status">{t('geo.locating')}</p>;
  if (source === 'device' && device.status === 'error') {
    return <p className="field-problem">{t(DEVICE_PROBLEM[device.reason])}</p>;
  }
  return null;
}

/** The place "Is my phone near a place?" asks about: three ways to give it, and the point it is now. */
export function PlaceChooser({
  source,
  onSource,
}: {
  source: PlaceSource;
  onSource: (source: PlaceSource) => void;
}) {
  const { t } = useI18n();
  const name = useId();
  const { pick } = useSession();
  const [device, requestDevice] = useDevicePosition();
  const place = usePlace(source);
  const coordinates = useCoordinates();
  // Clicks on the map choose the point only while that is the way chosen; leaving the panel ends it.
  useEffect(() => {
    pick.arm(source === 'map');
    return () => pick.arm(false);
  }, [pick, source]);
  const choose = (next: PlaceSource) => {
    onSource(next);
    if (next === 'device' && (device.status === 'idle' || device.status === 'error')) requestDevice();
  };
  return (
    <fieldset className="camara-place">
      <legend>{t('camara.verify.place')}</legend>
      {SOURCES.map(([value, label]) => (
        <label key={value} className="inline-check">
          <input
            type="radio"
            name={name}
            value={value}
            checked={source === value}
            onChange={() => choose(value)}
          />
          {t(label)}
        </label>
      ))}
      <PlaceHint source={source} />
      {/* A live region, always present: a point chosen by clicking the map is announced where focus is. */}
      <p className="mono" role="status">
        {place === undefined ? '' : t('camara.verify.chosen', coordinates(place))}
      </p>
    </fieldset>
  );
}
