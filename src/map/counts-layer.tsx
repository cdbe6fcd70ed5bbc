import L from 'leaflet';
import { useEffect, useRef } from 'react';
import { useMap } from 'react-leaflet';
import type { CellCounts, SquareInView } from '../api/cell-counts';
import { useI18n } from '../i18n/i18n';
import { GROUP_PIXELS, groupSize } from './cluster-layer';
import { mergedSquares } from './merged-squares';

/** How much a square's click zooms in: its squares are two zooms finer than the map, so this splits it. */
const ZOOM_IN = 2;

const keyOf = (zoom: number, square: SquareInView, title: string) =>
  `${zoom}/${square.x}/${square.y}/${square.count}/${title}`;

/** A numbered marker, as the clustered layer draws its groups, for the cells counted in one square. */
function squareMarker(map: L.Map, square: SquareInView, title: string): L.Marker {
  const size = groupSize(square.count);
  const label = document.createElement('span');
  label.textContent = square.count.toLocaleString('en', { notation: 'compact' });
  label.setAttribute('aria-hidden', 'true');
  const marker = L.marker([square.position.lat, square.position.lon], {
    icon: L.divIcon({
      html: label,
      className: `cluster-group cluster-group--in-view cluster-group--${size} cluster-group--counted`,
      iconSize: [GROUP_PIXELS[size], GROUP_PIXELS[size]],
    }),
    title,
    keyboard: true,
  });
  marker.on('add', () => {
    marker.getElement()?.setAttribute('aria-label', title);
    marker.getElement()?.setAttribute('data-count', String(square.count));
  });
  marker.on('click', () => {
    const zoom = Math.min(map.getZoom() + ZOOM_IN, map.getMaxZoom());
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    if (reduce) map.setView(marker.getLatLng(), zoom);
    else map.flyTo(marker.getLatLng(), zoom, { duration: 0.6 });
  });
  return marker;
}

/**
 * The cells in view as the service counted them, one numbered marker per square at the squares' mean position
 * (squares of under 128 pixels merged: merged-squares.ts): the numbers add up to the true count. Markers are kept
 * by square and count, so a pan that brings the same squares again redraws nothing of them.
 */
export function InViewCounts({ counts }: { counts: CellCounts }) {
  const map = useMap();
  const { t, formatNumber } = useI18n();
  const layer = useRef<L.LayerGroup | null>(null);
  const drawn = useRef(new Map<string, L.Marker>());

  useEffect(() => {
    const group = L.layerGroup().addTo(map);
    layer.current = group;
    const markers = drawn.current;
    return () => {
      group.remove();
      markers.clear();
      layer.current = null;
    };
  }, [map]);

  useEffect(() => {
    const group = layer.current;
    if (group === null) return;
    const next = new Map<string, L.Marker>();
    const drawnSquares = mergedSquares(counts, map.getZoom());
    for (const square of drawnSquares.squares) {
      const title = t('map.inView.group', { count: formatNumber(square.count) });
      const key = keyOf(drawnSquares.zoom, square, title);
      const marker = drawn.current.get(key) ?? squareMarker(map, square, title);
      if (!drawn.current.has(key)) group.addLayer(marker);
      next.set(key, marker);
    }
    for (const [key, marker] of drawn.current) if (!next.has(key)) group.removeLayer(marker);
    drawn.current = next;
  }, [counts, map, t, formatNumber]);

  return null;
}
