import L from 'leaflet';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import { cellLabel } from '../api/cell-id';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';
import type { BatchCells } from '../session/map-focus';
import { useMapFocus } from '../session/session';
import { PopupBody } from './popup-body';

const STYLE: L.CircleMarkerOptions = {
  radius: 5,
  color: '#7a2e8f',
  weight: 1,
  fillColor: '#b45ccc',
  fillOpacity: 0.75,
};

/** A batch's found cells, straight from the session: only this layer renders again as a batch runs. */
export function BatchLayer() {
  const batch = useMapFocus((focus) => focus.batch);
  return batch && batch.count > 0 ? <BatchCanvas batch={batch} /> : null;
}

/**
 * Ten thousand cells as circles on one shared canvas: Leaflet layers made here, not React elements, so an
 * update adds only the new cells. A click opens one popup rendered from React children (names are untrusted).
 */
function BatchCanvas({ batch }: { batch: BatchCells }) {
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
      <PopupBody kicker={t('batch.popupCell', { cell: cellLabel(selected) })} cell={selected} />
    </Popup>
  );
}
