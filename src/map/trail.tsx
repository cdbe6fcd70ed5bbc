import { useMemo } from 'react';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { useMapFocus } from '../state/session';
import { trailLineStyle, trailPointStyle } from './palette';

/** The cells the phone was seen in during this session, joined in order. */
export function Trail() {
  const points = useMapFocus((focus) => focus.trail);
  const { t, formatTime } = useI18n();
  const line = useMemo(() => points.map((p): [number, number] => [p.lat, p.lon]), [points]);
  if (points.length < 2) return null;
  return (
    <>
      <Polyline positions={line} pathOptions={trailLineStyle} className="trail-line" interactive={false} />
      {points.map((point) => (
        <CircleMarker
          key={`${point.at}-${point.lat}-${point.lon}`}
          center={[point.lat, point.lon]}
          radius={4}
          pathOptions={trailPointStyle}
          className="trail-point"
        >
          <Tooltip>{t('map.trail.point', { time: formatTime(point.at), name: point.name })}</Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}
