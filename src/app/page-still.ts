import { useCallback, useEffect, useRef, type FocusEvent } from 'react';

/**
 * An onFocus for the map's section: focus the keyboard brings into the map (a marker, a zoom button, the legend)
 * leaves the page where it was. The browser scrolls what takes focus into view: the page, past the header (on a phone, to
 * clear the sticky map of the room kept for it: html's scroll-padding-top), or the map's own box (overflow:
 * hidden is still scrolled by focus), which leaves a grey band. The map is always in view, and Leaflet pans it to
 * a marker that takes focus, so both go back at once, before the frame is painted.
 */
export function usePageStillOnFocus(): (event: FocusEvent<HTMLElement>) => void {
  const last = useRef({ x: 0, y: 0 });
  useEffect(() => {
    const seen = () => {
      last.current = { x: window.scrollX, y: window.scrollY };
    };
    seen();
    window.addEventListener('scroll', seen, { passive: true });
    return () => window.removeEventListener('scroll', seen);
  }, []);
  return useCallback((event: FocusEvent<HTMLElement>) => {
    // A tap or a click focuses what is in view already; the page may be scrolling under the finger.
    if (!event.target.matches(':focus-visible')) return;
    const map = event.target.closest('.leaflet-container');
    if (map !== null) {
      map.scrollTop = 0;
      map.scrollLeft = 0;
    }
    const { x, y } = last.current;
    if (window.scrollX !== x || window.scrollY !== y)
      window.scrollTo({ left: x, top: y, behavior: 'instant' });
  }, []);
}
