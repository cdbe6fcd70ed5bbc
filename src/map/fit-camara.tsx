import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { CamaraArea, LatLon } from '../api/camara';
import { afterNextPaint } from '../paint/after-paint';
import { useMapFocus } from '../state/session';

/** The box around a circle (its centre and radius in metres) or a polygon's corners. */
function boundsOf(shape: CamaraArea | { center: LatLon; radiusM: number }): L.LatLngBounds {
  if ('points' in shape) return L.latLngBounds(shape.points.map((point) => [point.lat, point.lon]));
  return L.latLng(shape.center.lat, shape.center.lon).toBounds(shape.radiusM * 2);
}

/** Frames a box, as FlyTo moves: after a painted frame, so what is drawn and the move are seen together. */
function frame(map: L.Map, bounds: L.LatLngBounds): () => void {
  return afterNextPaint(() => {
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    // The map's corner controls and legend lie over its right side: where the legend opens by itself (the
    // width map-legend.tsx asks), the answer is framed beside them; a phone has no room to spare for that.
    const wide = window.matchMedia?.('(min-width: 761px)').matches ?? true;
    const side = map.getContainer().parentElement?.querySelector('.map-side');
    const right = wide ? (side?.getBoundingClientRect().width ?? 0) : 0;
    const options = {
      paddingTopLeft: L.point(24, 24),
      paddingBottomRight: L.point(24 + right, 24),
      maxZoom: 17,
    };
    if (reduce) map.fitBounds(bounds, options);
    else map.flyToBounds(bounds, { ...options, duration: 1.2 });
  });
}

/** Frames the watched area the person chose in the list, each time it is chosen. */
export function FitWatch() {
  const map = useMap();
  const framed = useMapFocus((focus) => focus.watchFramed);
  useEffect(() => {
    if (framed === undefined) return;
    return frame(map, boundsOf(framed));
  }, [map, framed]);
  return null;
}

/**
 * Frames a CAMARA answer: the area where the operator places the phone and the circle a check asked about, whole
 * and as large as the map allows (a 777 m circle is no dot, a 5 km circle does not run off the screen). Each new
 * answer frames again; nothing else moves the map here.
 */
export function FitCamara() {
  const map = useMap();
  const placed = useMapFocus((focus) => focus.camaraArea);
  const asked = useMapFocus((focus) => focus.camaraCircle);
  const before = useRef({ placed, asked });
  useEffect(() => {
    const previous = before.current;
    before.current = { placed, asked };
    // Only an answer that came moves the map; one taken away (a new question asked) leaves it where it is.
    const came =
      (placed !== undefined && placed !== previous.placed) ||
      (asked !== undefined && asked !== previous.asked);
    const boxes = [placed?.area, asked].flatMap((shape) => (shape === undefined ? [] : [boundsOf(shape)]));
    const [first, ...rest] = boxes;
    if (!came || first === undefined) return;
    const bounds = rest.reduce((all, box) => all.extend(box), first);
    return frame(map, bounds);
  }, [map, placed, asked]);
  return null;
}
