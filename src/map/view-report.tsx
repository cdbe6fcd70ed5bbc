import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import type { MapFocusAction } from '../state/map-focus';
import { useSession } from '../state/session';
import { worldBox, type Edges } from './geo';

/** How long the map must rest before what it shows counts as settled: a run of moves is one read. */
export const SETTLE_MS = 300;

/** The part of Leaflet's map that reporting needs. */
export interface MovingMap {
  getBounds(): Edges;
  getCenter(): { lat: number; lng: number };
  getZoom(): number;
  on(type: 'moveend', listener: () => void): unknown;
  off(type: 'moveend', listener: () => void): unknown;
}

/**
 * Reports the view at once after every move (for links) and the settled area SETTLE_MS after the last one (for
 * reads of what is in view), both now as well. Returns the stop.
 */
export function reportMoves(map: MovingMap, dispatch: (action: MapFocusAction) => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const view = () => {
    const center = map.getCenter();
    dispatch({ type: 'view', view: { lat: center.lat, lon: center.lng, zoom: map.getZoom() } });
  };
  const area = () => {
    const [west, south, east, north] = worldBox(map.getBounds());
    dispatch({ type: 'area', area: { west, south, east, north, zoom: map.getZoom() } });
  };
  const moved = () => {
    view();
    clearTimeout(timer);
    timer = setTimeout(area, SETTLE_MS);
  };
  view();
  area();
  map.on('moveend', moved);
  return () => {
    clearTimeout(timer);
    map.off('moveend', moved);
  };
}

export function ViewReport() {
  const map = useMap();
  const { focus } = useSession();
  useEffect(() => reportMoves(map, focus.dispatch), [map, focus]);
  return null;
}
