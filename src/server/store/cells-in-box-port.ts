import type { Radio } from '../../api/cell-facts';
import type { CellRecord } from './records';

/** Degrees; `west > east` crosses the antimeridian. */
export interface Box {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Degrees; `west > east` crosses the antimeridian. mcc, mnc and radio narrow the answer when given. */
export interface BoxQuery extends Box {
  mcc?: number;
  mnc?: number;
  radio?: Radio;
  limit: number;
  /** A filtered read's most candidates to look through (MAX_LOOKED_THROUGH when absent). */
  lookThrough?: number;
}

/**
 * The cells of a box (`truncated`: more matched than `limit`), or, for a filtered read, `tooMany`: more candidates
 * than MAX_LOOKED_THROUGH lie in the box and in the operator, too many to look through for the few that match.
 */
export type BoxAnswer = { cells: CellRecord[]; truncated: boolean } | { tooMany: { lookedThrough: number } };

/**
 * Most candidates a filtered read looks through by default: entries of the R*Tree in the box, or rows of the asked
 * operator, whichever are fewer (docs/performance.md, npm run bench:wide-reads); past it the read says to zoom in
 * rather than take seconds, or longer as the database grows.
 */
export const MAX_LOOKED_THROUGH = 250_000;
