import type L from 'leaflet';
import { Circle, CircleMarker, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import type { WatchArea } from '../state/map-focus';
import { useMapFocus } from '../state/session';
import { COLOURS, watchAreaStyle, watchEndedStyle } from './palette';

const centreStyle = { color: '#ffffff', weight: 2, fillColor: COLOURS.watch, fillOpacity: 1 };

/** Names a drawn shape for screen readers, as the map's markers are named (their alt and title). */
const named = (label: string) => ({
  add: (event: L.LeafletEvent) => {
    const element = (event.target as L.Path).getElement();
    element?.setAttribute('role', 'img');
    element?.setAttribute('aria-label', label);
  },
});

/** One watched area: its ring, its centre named with what is watched, its latest crossing and time beside it. */
function Watched({ watch }: { watch: WatchArea }) {
  const { t, formatDistance, formatTime } = useI18n();
  const label = t(`map.watch.${watch.kind}`, { distance: formatDistance(watch.radiusM) });
  const latest =
    watch.latest &&
    t(`watch.event.${watch.latest.kind}`, { time: formatTime(Date.parse(watch.latest.time)) });
  const name = latest === undefined ? label : `${label}. ${latest}`;
  const center: [number, number] = [watch.center.lat, watch.center.lon];
  // Leaflet sets a path's class once: an ended watch is drawn anew.
  const state = watch.ended ? 'ended' : 'open';
  return (
    <>
      <Circle
        key={`area ${state}`}
        center={center}
        radius={watch.radiusM}
        pathOptions={watch.ended ? watchEndedStyle : watchAreaStyle}
        className={watch.ended ? 'watch-area watch-ended' : 'watch-area'}
        interactive={false}
      >
        {latest !== undefined && (
          <Tooltip permanent direction="top" className="watch-latest">
            {latest}
          </Tooltip>
        )}
      </Circle>
      <CircleMarker
        key={`centre ${state} ${name}`}
        center={center}
        radius={5}
        pathOptions={centreStyle}
        className="watch-centre"
        eventHandlers={named(name)}
      >
        <Tooltip>
          <p className="popup-title">{label}</p>
          {latest !== undefined && <p className="popup-meta">{latest}</p>}
          {watch.ended && <p className="popup-meta">{t('map.watch.ended')}</p>}
        </Tooltip>
      </CircleMarker>
    </>
  );
}

/** The areas of the watches listed under "Watch my phone" (their panel hands them in; Forget keys clears them). */
export function WatchLayer() {
  const watches = useMapFocus((focus) => focus.watches);
  return (
    <>
      {(watches ?? []).map((watch) => (
        <Watched key={watch.id} watch={watch} />
      ))}
    </>
  );
}
