import type { CellKey, CellRecord, PhoneLocation, User } from './records';
import type { BoxAnswer, BoxQuery } from './cells-in-box-port';
import type { CountsQuery, OperatorCount, SquareCount } from './cell-counts-port';

export type { BoxAnswer, BoxQuery } from './cells-in-box-port';

/** What the service reads: the key check, cells, the phone's location, and the simulator's neighbours. */
export interface ServiceReads {
  /** The user when both keys exist and belong to one developer; 'mismatch' when they belong to two. */
  authenticate(serviceKey: string, userKey: string): User | undefined | 'mismatch';
  getCell(key: CellKey): CellRecord | undefined;
  /** By user key, or for a user already read (saves a lookup on the hot path). */
  getLocation(user: string | User): PhoneLocation | undefined;
  getUser(userKey: string): User | undefined;
  nearestCells(from: CellKey, count: number): CellRecord[];
  /** Cells inside a box, from the R*Tree (store/cells-in-box.ts); a file's store answers from threads of its own
   *  (store/box-threads.ts), so the answer may come later. */
  cellsInBox(query: BoxQuery): BoxAnswer | Promise<BoxAnswer>;
  /** Cells per square of the map's tiles in view (cells/counts/), for views holding more than are worth drawing. */
  cellCounts(query: CountsQuery): SquareCount[];
  /** The operators of the same squares' matching cells, how many each: what a counted view offers to filter by. */
  cellOperators(query: CountsQuery): OperatorCount[];
  /** True when the demo developer's keys are in this database. */
  hasDemoKeys(): boolean;
  /**
   * Changes whenever the data may have changed: a commit by any connection (so the admin command line's writes
   * count) or a write through this one.
   */
  dataVersion(): string;
}
