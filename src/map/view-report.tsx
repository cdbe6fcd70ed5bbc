import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';
import { useSession } from '../session/session';

export function ViewReport() {
  const map = useMap();
  const { focus } = useSession();
  const report = () => {
    const center = map.getCenter();
    focus.dispatch({ type: 'view', view: { lat: center.lat, lon: center.lng, zoom: map.getZoom() } });
  };
  useMapEvents({ moveend: report });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(report, [map]);
  return null;
}
