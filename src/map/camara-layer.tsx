import { Circle, CircleMarker, Polygon, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { agoText } from '../i18n/time-span';
import type { MapDrawing } from '../state/map-focus';
import { useMapFocus } from '../state/session';
import { useNow } from '../state/use-now';
import { COLOURS, rangeStyle } from './palette';

const areaStyle = { ...rangeStyle(COLOURS.phone), dashArray: undefined, weight: 2, fillOpacity: 0.12 };
/** An area older than the fix the last check is about: faded, its edge dotted, so it is not read as the answer's. */
const olderStyle = { ...areaStyle, opacity: 0.5, fillOpacity: 0.05, dashArray: '1 5' };
const centreStyle = { color: '#ffffff', weight: 3, fillColor: COLOURS.phone, fillOpacity: 1 };
const circleStyle = rangeStyle(COLOURS.outline);

/** How old the network's fix is, ticking while the tooltip is open. */
function FixAge({ lastLocationTime }: { lastLocationTime: string }) {
  const { t } = useI18n();
  const now = useNow(1000);
  return (
    <p className="popup-meta">
      {t('map.camara.fix', { age: agoText(now - Date.parse(lastLocationTime), t) })}
    </p>
  );
}

type Asked = NonNullable<MapDrawing['camaraCircle']>;

/** The check's verdict beside its circle, and the time of the fix it is about. */
function Verdict({ asked }: { asked: Asked }) {
  const { t, formatDistance, formatNumber, formatTime } = useI18n();
  const distance = formatDistance(asked.radiusM);
  if (asked.result === undefined || asked.lastLocationTime === undefined) {
    return <Tooltip>{t('map.camara.circle', { distance })}</Tooltip>;
  }
  const time = formatTime(Date.parse(asked.lastLocationTime));
  return (
    <Tooltip permanent direction="top" className="camara-verdict">
      {t(`map.camara.verdict.${asked.result}`, { distance, time, rate: formatNumber(asked.matchRate ?? 0) })}
    </Tooltip>
  );
}

/**
 * Where a CAMARA operator places the phone: its circle or polygon, filled, with the centre marked (a polygon's
 * centre is the mean of its corners), its size and the fix's age in the centre's tooltip; and the dashed circle "Is
 * my phone near a place?" asked about, its verdict beside it. An area older than the fix the check is about is
 * drawn faded and says so: the two answers are about different moments.
 */
export function CamaraLayer() {
  const { t, formatDistance, formatTime } = useI18n();
  const placed = useMapFocus((focus) => focus.camaraArea);
  const asked = useMapFocus((focus) => focus.camaraCircle);
  const area = placed?.area;
  const label = t('map.camara.area');
  const older =
    placed !== undefined &&
    asked?.lastLocationTime !== undefined &&
    Date.parse(placed.lastLocationTime) < Date.parse(asked.lastLocationTime);
  // Leaflet sets a path's class once: a change of age draws the area anew.
  const areaKey = older ? 'older' : 'current';
  const areaProps = {
    pathOptions: older ? olderStyle : areaStyle,
    className: older ? 'camara-area camara-older' : 'camara-area',
    interactive: false,
  };
  return (
    <>
      {asked && (
        <Circle
          center={[asked.center.lat, asked.center.lon]}
          radius={asked.radiusM}
          pathOptions={circleStyle}
          className="camara-circle"
        >
          <Verdict asked={asked} />
        </Circle>
      )}
      {area?.shape === 'circle' && (
        <Circle
          key={areaKey}
          {...areaProps}
          center={[area.center.lat, area.center.lon]}
          radius={area.radiusM}
        />
      )}
      {area?.shape === 'polygon' && (
        <Polygon
          key={areaKey}
          {...areaProps}
          positions={area.points.map((point) => [point.lat, point.lon] as [number, number])}
        />
      )}
      {area && (
        <CircleMarker
          center={[area.center.lat, area.center.lon]}
          radius={7}
          pathOptions={centreStyle}
          className="camara-centre"
        >
          <Tooltip>
            <p className="popup-title">{label}</p>
            <p className="popup-meta">{t('map.camara.centre', { distance: formatDistance(area.radiusM) })}</p>
            {placed !== undefined && <FixAge lastLocationTime={placed.lastLocationTime} />}
            {older && (
              <p className="popup-meta">
                {t('map.camara.older', { time: formatTime(Date.parse(placed.lastLocationTime)) })}
              </p>
            )}
          </Tooltip>
        </CircleMarker>
      )}
    </>
  );
}
