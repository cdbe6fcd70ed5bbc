import { useEffect } from 'react';
import { useMap, useMapEvents } from 'react-leaflet';

export interface ViewState {
  lat: number;
  lon: number;
  zoom: number;
}

/** Tells the app where the map is looking, for links that carry the view. */
export function ViewReport({ onChange }: { onChange(view: ViewState): void }) {
  const map = useMap();
  const report = () => {
    const center = map.getCenter();
    onChange({ lat: center.lat, lon: center.lng, zoom: map.getZoom() });
  };
  useMapEvents({ moveend: report });
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(report, [map]);
  return null;
}
