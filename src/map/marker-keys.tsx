import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * The keyboard on the map's markers (each a button and a Tab stop): Enter or Space does what a click does (opens
 * the popup, looks the cell up, zooms into the group), and Escape closes an open popup, focus staying on the
 * marker. Leaflet opens a bound popup on Enter alone, answers nothing else, and closes a popup on Escape only
 * while the map itself has focus.
 */
export function MarkerKeys() {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    const onKeyDown = (event: KeyboardEvent) => {
      const marker = event.target;
      if (!(marker instanceof HTMLElement) || !marker.classList.contains('leaflet-marker-icon')) return;
      if (event.key === 'Enter' || event.key === ' ') {
        // Also keeps Space from scrolling, and Enter's keypress from reaching Leaflet (which would toggle the
        // popup the click opened).
        event.preventDefault();
        marker.click();
      } else if (event.key === 'Escape' && container.querySelector('.leaflet-popup') !== null) {
        event.preventDefault();
        map.closePopup();
      }
    };
    container.addEventListener('keydown', onKeyDown);
    return () => container.removeEventListener('keydown', onKeyDown);
  }, [map]);
  return null;
}
