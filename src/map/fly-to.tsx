import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { afterNextPaint, useAfterPaint } from '../paint/after-paint';
import { flyTarget } from '../state/map-focus';
import { useMapFocus } from '../state/session';

/** MapContainer's center applies only once; later moves go through the map itself. */
export function FlyTo({ zoom = 10 }: { zoom?: number }) {
  const map = useMap();
  // The phone's cell (the document's Location read); a CAMARA operator's area is framed whole (FitCamara).
  const phone = useMapFocus((focus) => focus.phone?.cell.position);
  const cell = useMapFocus((focus) => focus.cell);
  // As late as the answers (drawn a painted frame late), so a command and the answer it brings are seen together.
  const target = useAfterPaint(useMapFocus((focus) => focus.target));
  const flights = useAfterPaint(useMapFocus((focus) => focus.flights));
  const initialView = useMapFocus((focus) => focus.initialView);
  const to = flyTarget({ target, flights, initialView }, phone, cell);
  const lat = to?.lat;
  const lon = to?.lon;
  const token = to?.token;
  useEffect(() => {
    if (lat === undefined || lon === undefined) return;
    // The first step of a move redraws tiles and the outline at once: start it after a painted frame.
    return afterNextPaint(() => {
      const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      const next = Math.max(map.getZoom(), zoom);
      if (reduce) map.setView([lat, lon], next);
      else map.flyTo([lat, lon], next, { duration: 1.2 });
    });
  }, [map, lat, lon, token, zoom]);
  return null;
}
