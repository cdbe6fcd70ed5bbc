import { useMemo } from 'react';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';

export interface TrailPoint {
  lat: number;
  lon: number;
  name: string;
  /** ms since epoch when the phone was first seen in this cell */
  at: number;
}

const lineStyle = { color: '#0b5c85', weight: 3, opacity: 0.7, dashArray: '6 6' };
const pointStyle = { color: '#0b5c85', weight: 2, fillColor: '#fff', fillOpacity: 1 };

export function Trail({ points }: { points: readonly TrailPoint[] }) {
  const { t, formatTime } = useI18n();
  const line = useMemo(() => points.map((p): [number, number] => [p.lat, p.lon]), [points]);
  if (points.length < 2) return null;
  return (
    <>
      <Polyline positions={line} pathOptions={lineStyle} className="trail-line" interactive={false} />
      {points.map((point) => (
        <CircleMarker
          key={`${point.at}-${point.lat}-${point.lon}`}
          center={[point.lat, point.lon]}
          radius={4}
          pathOptions={pointStyle}
          className="trail-point"
        >
          <Tooltip>{t('map.trail.point', { time: formatTime(point.at), name: point.name })}</Tooltip>
        </CircleMarker>
      ))}
    </>
  );
}
