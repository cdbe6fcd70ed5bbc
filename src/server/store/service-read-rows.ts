import { timingSafeEqual } from 'node:crypto';
import { isCell, toCellRecord, toUser } from './records';
import type { CellKey, CellRecord, CellRow, PhoneLocation, User, UserRow } from './records';

/** Both keys' rows in one: found only when both keys exist. */
export type KeyPairRow = UserRow & { user_hash: Buffer; service_hash: Buffer; service_developer: number };

/** The user when the row holds both keys of one developer; 'mismatch' when they belong to two. */
export function keyPairUser(
  row: KeyPairRow | undefined,
  serviceHash: Buffer,
  userHash: Buffer,
): User | undefined | 'mismatch' {
  if (row === undefined) return undefined;
  // The index found the hashes; compared again in constant time, both always.
  const serviceOk = timingSafeEqual(row.service_hash, serviceHash);
  const userOk = timingSafeEqual(row.user_hash, userHash);
  if (!(serviceOk && userOk)) return undefined;
  return row.service_developer === row.developer_id ? toUser(row) : 'mismatch';
}

export function phoneLocation(user: User, cell: CellRecord | undefined): PhoneLocation | undefined {
  return cell === undefined ? undefined : { msisdn: user.msisdn, state: user.state, cell };
}

/** A box around the phone's cell that the simulator's next cells are looked for in. */
export interface NearestBox {
  south: number;
  north: number;
  west: number;
  east: number;
  /** The last box: what it holds is the answer, however few. */
  widest: boolean;
}

/**
 * The boxes around `origin`, widening until enough cells are found: 0.1, 0.5 and 2 degrees of latitude either way,
 * twice as many of longitude.
 */
export function nearestBoxes(origin: CellRecord): NearestBox[] {
  return [0.1, 0.5, 2].map((degrees, index, all) => ({
    south: origin.lat - degrees,
    north: origin.lat + degrees,
    west: origin.lon - degrees * 2,
    east: origin.lon + degrees * 2,
    widest: index === all.length - 1,
  }));
}

/**
 * The `count` cells other than `from` among one box's rows (read nearest first); undefined when too few were found
 * and a wider box is still to come.
 */
export function nearestFound(
  rows: CellRow[],
  from: CellKey,
  count: number,
  box: NearestBox,
): CellRecord[] | undefined {
  const cells = rows
    .map(toCellRecord)
    .filter((cell): cell is CellRecord => isCell(cell) && cell.cellid !== from.cellid);
  return cells.length >= count || box.widest ? cells.slice(0, count) : undefined;
}
