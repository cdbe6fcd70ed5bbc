import { CELL_COUNTS_BUILD, CELL_COUNTS_SCHEMA } from '../cell-counts';

/**
 * Cells in view at every zoom (store/postgres/cell-counts.ts): cells per square of the map's tiles, per radio and
 * operator, for a ladder of zooms, kept by a trigger on `cells` and built here from the cells there are.
 */
export default `${CELL_COUNTS_SCHEMA}\n${CELL_COUNTS_BUILD}`;
