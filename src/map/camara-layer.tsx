import { Circle, CircleMarker, Polygon, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { agoText } from '../i18n/time-span';
import { useMapFocus } from '../state/session';
import { useNow } from '../state/use-now';
import { COLOURS, rangeStyle } from './palette';

const areaStyle = { ...rangeStyle(COLOURS.phone), dashArray: undefined, weight: 2, fillOpacity: 0.12 };
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

/**
 * Where a CAMARA operator places the phone: its circle or polygon, filled, with the centre marked (a polygon's
 * centre is the mean of its corners), its size and the fix's age in the centre's tooltip; and the dashed circle "Is my phone near a place?" asked about.
 */
export function CamaraLayer() {
  const { t, formatDistance } = useI18n();
  const placed = useMapFocus((focus) => focus.camaraArea);
  const asked = useMapFocus((focus) => focus.camaraCircle);
  const area = placed?.area;
  const label = t('map.camara.area');
  return (
    <>
      {asked && (
        <Circle
          center={[asked.center.lat, asked.center.lon]}
          radius={asked.radiusM}
          pathOptions={circleStyle}
          className="camara-circle"
        >
          <Tooltip>{t('map.camara.circle', { distance: formatDistance(asked.radiusM) })}</Tooltip>
        </Circle>
      )}
      {area?.shape === 'circle' && (
        <Circle
          center={[area.center.lat, area.center.lon]}
          radius={area.radiusM}
          pathOptions={areaStyle}
          className="camara-area"
          interactive={false}
        />
      )}
      {area?.shape === 'polygon' && (
        <Polygon
          positions={area.points.map((point) => [point.lat, point.lon] as [number, number])}
          pathOptions={areaStyle}
          className="camara-area"
          interactive={false}
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
          </Tooltip>
        </CircleMarker>
      )}
    </>
  );
}
