import { useMemo } from 'react';
import { cellLabel } from '../api/cell-id';
import type { CellInView } from '../api/cells-in-view';
import { useI18n } from '../i18n/i18n';
import { useMapFocus, useSession } from '../state/session';
import type { ClusterLayerOptions } from './cluster-layer';
import { COLOURS } from './palette';
import { useClusterLayer } from './use-cluster-layer';
import { InViewCounts } from './counts-layer';

/** The cells in view while they are shown, straight from the session: only this layer renders again with them. */
export function InViewLayer() {
  const cells = useMapFocus((focus) => focus.inView);
  const counts = useMapFocus((focus) => focus.inViewCounts);
  if (counts !== undefined) return <InViewCounts counts={counts} />;
  return cells === undefined ? null : <InViewCells cells={cells} />;
}

/**
 * The cells in view, clustered, with their range rings from a town's zoom on. A click (or Enter) on a cell looks it
 * up as the cell form does: the cell panel shows its answer and the address names it.
 */
function InViewCells({ cells }: { cells: readonly CellInView[] }) {
  const { t, formatNumber } = useI18n();
  const { focus } = useSession();
  const options = useMemo(
    (): ClusterLayerOptions<CellInView> => ({
      kind: 'in-view',
      colour: COLOURS.inView,
      position: (cell) => cell.position,
      itemTitle: (cell) => t('map.inView.item', { cell: cellLabel(cell), name: cell.name }),
      groupTitle: (count) => t('map.inView.group', { count: formatNumber(count) }),
      onItem: (cell) => focus.openCell(cell),
      range: (cell) => cell.range,
    }),
    [t, formatNumber, focus],
  );
  useClusterLayer(cells, options);
  return null;
}
