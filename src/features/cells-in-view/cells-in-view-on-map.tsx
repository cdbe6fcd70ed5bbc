import { useDrawOnMap } from '../../state/session';
import { useCellsInView } from './use-cells-in-view';

/** Hands the map the cells in view (or their counts) while they are shown (it draws them itself); renders nothing. */
export function CellsInViewOnMap() {
  const { choice, result } = useCellsInView();
  useDrawOnMap('inView', choice.on ? result.data?.data.cells : undefined);
  useDrawOnMap('inViewCounts', choice.on ? result.data?.data.counts : undefined);
  return null;
}
