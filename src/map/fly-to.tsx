import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

export interface FlyTarget {
  lat: number;
  lon: number;
  /** Changes when the same place should be flown to again, e.g. a new lookup. */
  token: string;
}

/** MapContainer's center applies only once; later moves go through the map itself. */
export function FlyTo({ target, zoom = 10 }: { target: FlyTarget | undefined; zoom?: number }) {
  const map = useMap();
  const lat = target?.lat;
  const lon = target?.lon;
  const token = target?.token;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    // The first step of a move redraws tiles and the outline at once: start it after the frame that shows the
    // answer's text has been painted (a task queued from requestAnimationFrame runs after that paint).
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
        const next = Math.max(map.getZoom(), zoom);
        if (reduce) map.setView([lat, lon], next);
        else map.flyTo([lat, lon], next, { duration: 1.2 });
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [map, lat, lon, token, zoom]);
  return null;
}
