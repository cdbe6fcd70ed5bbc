import L from 'leaflet';
import { useEffect, useMemo, useState } from 'react';
import { Popup, useMap } from 'react-leaflet';
import { cellLabel } from '../api/cell-id';
import type { Cell } from '../api/types';
import { useI18n } from '../i18n/i18n';
import type { BatchCells } from '../state/map-focus';
import { useMapFocus } from '../state/session';
import type { ClusterLayerOptions } from './cluster-layer';
import { COLOURS } from './palette';
import { PopupBody } from './popup-body';
import { useClusterLayer } from './use-cluster-layer';

/** A batch's found cells, straight from the session: only this layer renders again as a batch runs. */
export function BatchLayer() {
  const batch = useMapFocus((focus) => focus.batch);
  return batch && batch.cells.length > 0 ? <BatchCells batch={batch} /> : null;
}

/**
 * Up to 100,000 cells, clustered: the layer adds only what the view shows. A click on a cell opens one popup
 * rendered from React children (names are untrusted).
 */
function BatchCells({ batch }: { batch: BatchCells }) {
  const map = useMap();
  const { t, formatNumber } = useI18n();
  const [selected, setSelected] = useState<Cell | null>(null);
  const { runId, cells, complete } = batch;
  const options = useMemo(
    (): ClusterLayerOptions<Cell> => ({
      kind: 'batch',
      colour: COLOURS.batch,
      position: (cell) => cell.position,
      itemTitle: (cell) => t('map.batch.item', { cell: cellLabel(cell), name: cell.name }),
      groupTitle: (n) => t('map.batch.group', { count: formatNumber(n) }),
      onItem: (cell) => setSelected(cell),
    }),
    [t, formatNumber],
  );
  useClusterLayer(cells, options);

  useEffect(() => () => setSelected(null), [runId]);

  useEffect(() => {
    if (!complete || cells.length === 0) return;
    const bounds = L.latLngBounds([]);
    for (const cell of cells) bounds.extend([cell.position.lat, cell.position.lon]);
    if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 12, animate: false });
  }, [map, cells, complete, runId]);

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
