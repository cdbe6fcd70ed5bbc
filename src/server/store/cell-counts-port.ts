import type { Radio } from '../../api/cell-facts';
import type { Maybe } from '../platform/maybe';
import type { TileRanges } from '../../api/map-tiles';

/** The squares of `ranges`, narrowed to an operator (mcc, with mnc or not) and a radio when given. */
export interface CountsQuery {
  ranges: TileRanges;
  mcc?: number;
  mnc?: number;
  radio?: Radio;
}

/** A square's matching cells: how many, and the sums of their positions (their mean: sum / n). */
export interface SquareCount {
  x: number;
  y: number;
  n: number;
  latSum: number;
  lonSum: number;
}

/** An operator's matching cells in a view's squares. */
export interface OperatorCount {
  mcc: number;
  mnc: number;
  n: number;
}

/** The counts of a view's squares, from the store's `cell_counts` (squares with no matching cell left out). */
export type CellCounts = (query: CountsQuery) => Maybe<SquareCount[]>;

/** The store's columns for the squares' rows, as both engines write them. */
export const COUNT_COLUMNS = 'zoom, x, y, radio, mcc, mnc, n, lat_sum, lon_sum';
export const COUNT_KEY = 'zoom, x, y, radio, mcc, mnc';
