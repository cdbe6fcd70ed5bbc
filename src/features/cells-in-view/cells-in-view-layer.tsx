import { InViewCells } from '../../map/in-view-cells';
import { useCellsInView } from './use-cells-in-view';

/** The cells in view on the map (loaded with the map, inside it): only this renders again as the map moves. */
export function CellsInViewLayer() {
  const { choice, result } = useCellsInView();
  const cells = result.data?.data.cells;
  return choice.on && cells !== undefined ? <InViewCells cells={cells} /> : null;
}
