import { CELL_COLUMNS, toCellRecord, toUser } from '../records';
import type { CellKey, CellRecord, CellRow, UserRow } from '../records';
import { keyHash } from '../key-hash';
import {
  keyPairUser,
  nearestBoxes,
  nearestFound,
  phoneLocation,
  type KeyPairRow,
} from '../service-read-rows';
import type { ServiceReads } from '../service-reads-port';
import { USER_COLUMNS } from './admin';
import type { Async } from './async';
import { createCellsInBox } from './cells-in-box';
import { createCellCounts, createCellOperators } from './cell-counts';
import type { Database } from './database';

/** The nearest cells of the same operator, widening the box around the cell until enough are found (the simulator's). */
async function nearestCells(
  db: Database,
  getCell: (key: CellKey) => Promise<CellRecord | undefined>,
  from: CellKey,
  count: number,
): Promise<CellRecord[]> {
  const origin = await getCell(from);
  if (origin === undefined) return [];
  for (const box of nearestBoxes(origin)) {
    // One operator's cells (the primary key's prefix) inside a box around the phone, nearest first.
    const rows = await db.query<CellRow>(
      'nearest',
      `SELECT ${CELL_COLUMNS} FROM cells
       WHERE mcc = $1 AND mnc = $2 AND lat BETWEEN $3 AND $4 AND lon BETWEEN $5 AND $6 AND lat IS NOT NULL
       ORDER BY (lat - $7) * (lat - $7) + (lon - $8) * (lon - $8) * 0.25
       LIMIT $9`,
      [from.mcc, from.mnc, box.south, box.north, box.west, box.east, origin.lat, origin.lon, count + 1],
    );
    const found = nearestFound(rows, from, count, box);
    if (found !== undefined) return found;
  }
  return [];
}

/** What the service reads (store/service-reads.ts), from PostgreSQL; `dataVersion` comes from the change listener. */
export function createServiceReads(
  db: Database,
  dataVersion: () => string,
): Async<Omit<ServiceReads, 'dataVersion'>> & {
  dataVersion(): string;
} {
  const cellsInBox = createCellsInBox(db);

  const getCell = async (key: CellKey) =>
    toCellRecord(
      await db.one<CellRow>(
        'cell',
        `SELECT ${CELL_COLUMNS} FROM cells WHERE mcc = $1 AND mnc = $2 AND cellid = $3`,
        [key.mcc, key.mnc, key.cellid],
      ),
    );

  const getUser = async (userKey: string) => {
    const row = await db.one<UserRow>('user', `SELECT ${USER_COLUMNS} FROM users WHERE key_hash = $1`, [
      keyHash(userKey),
    ]);
    return row === undefined ? undefined : toUser(row);
  };

  return {
    cellsInBox,
    cellCounts: createCellCounts(db),
    cellOperators: createCellOperators(db),
    dataVersion,
    getCell,
    getUser,
    async authenticate(serviceKey, userKey) {
      const serviceHash = keyHash(serviceKey);
      const userHash = keyHash(userKey);
      // One statement for both keys: a row only when both exist.
      const row = await db.one<KeyPairRow>(
        'key-pair',
        `SELECT ${USER_COLUMNS}, users.key_hash AS user_hash, service_keys.key_hash AS service_hash,
                service_keys.developer_id AS service_developer
         FROM service_keys, users WHERE service_keys.key_hash = $1 AND users.key_hash = $2`,
        [serviceHash, userHash],
      );
      return keyPairUser(row, serviceHash, userHash);
    },
    async getLocation(userOrKey) {
      const user = typeof userOrKey === 'string' ? await getUser(userOrKey) : userOrKey;
      if (user === undefined) return undefined;
      return phoneLocation(user, user.cell === null ? undefined : await getCell(user.cell));
    },
    nearestCells: (from, count) => nearestCells(db, getCell, from, count),
    async hasDemoKeys() {
      const row = await db.one(
        'demo-keys',
        `SELECT 1 FROM users, service_keys
         WHERE users.key_hash = $1 AND service_keys.key_hash = $2 AND users.developer_id = service_keys.developer_id`,
        [keyHash('demo-user'), keyHash('demo-service')],
      );
      return row !== undefined;
    },
  };
}
