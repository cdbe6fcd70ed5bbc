import { useMemo } from 'react';
import { CircleMarker, Polyline, Tooltip } from 'react-leaflet';
import { useI18n } from '../i18n/i18n';
import { trailLineStyle, trailPointStyle } from './palette';

export interface TrailPoint {
  lat: number;
  lon: number;
  name: string;
  /** ms since epoch when the phone was first seen in this cell */
  at: number;
}

export function Trail({ points }: { points: readonly TrailPoint[] }) {
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
