import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';

/** The found cells of a batch. `cells` grows in place while the batch runs; `count` says how far. */
export interface BatchCells {
  runId: number;
  cells: readonly Cell[];
  count: number;
  /** The batch ended (finished or cancelled): the map is fitted to its cells. */
  complete: boolean;
}

const STYLE: L.CircleMarkerOptions = {
  radius: 5,
  color: '#7a2e8f',
  weight: 1,
  fillColor: '#b45ccc',
  fillOpacity: 0.75,
};

/**
 * Ten thousand cells as circles on one shared canvas: Leaflet layers made here, not React elements, so an
 * update adds only the new cells. A click opens one popup rendered from React children (names are untrusted).
 */
export function BatchLayer({ batch }: { batch: BatchCells }) {
  const map = useMap();
  const { t } = useI18n();
  const renderer = useMemo(() => L.canvas({ padding: 0.5, tolerance: 3 }), []);
  const group = useRef<L.FeatureGroup | null>(null);
  const drawn = useRef(0);
  const cellOf = useRef(new WeakMap<L.Layer, Cell>());
  const [selected, setSelected] = useState<Cell | null>(null);
  const { runId, cells, count, complete } = batch;

  useEffect(() => {
    const layer = L.featureGroup();
    const byLayer = cellOf.current;
    layer.on('click', (event: L.LeafletEvent) => {
      const cell = byLayer.get(event.propagatedFrom as L.Layer);
      if (cell) setSelected(cell);
    });
    layer.addTo(map);
    group.current = layer;
    drawn.current = 0;
    return () => {
      layer.remove();
      group.current = null;
      setSelected(null);
    };
  }, [map, runId]);

  useEffect(() => {
    const layer = group.current;
    if (layer === null) return;
    for (let i = drawn.current; i < count; i++) {
      const cell = cells[i];
      if (cell === undefined) continue;
      const marker = L.circleMarker([cell.position.lat, cell.position.lon], { ...STYLE, renderer });
      cellOf.current.set(marker, cell);
      layer.addLayer(marker);
    }
    drawn.current = Math.max(drawn.current, count);
  }, [cells, count, renderer, runId]);

  useEffect(() => {
    if (!complete || count === 0) return;
    const bounds = L.latLngBounds([]);
    for (let i = 0; i < count; i++) {
      const cell = cells[i];
      if (cell) bounds.extend([cell.position.lat, cell.position.lon]);
    }
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 12, animate: false });
  }, [map, cells, count, complete, runId]);

  if (selected === null) return null;
  return (
    <Popup
      position={[selected.position.lat, selected.position.lon]}
      eventHandlers={{ remove: () => setSelected(null) }}
    >
      <p className="popup-kicker">
        {t('batch.popupCell', { cell: `${selected.mcc}/${selected.mnc}/${selected.cellid}` })}
      </p>
      <p className="popup-title">{selected.name}</p>
      <p className="popup-meta">
        {selected.lat}, {selected.lon}
      </p>
    </Popup>
  );
}
