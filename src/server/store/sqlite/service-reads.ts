import type Database from 'better-sqlite3';
import {
  CELL_COLUMNS,
  toCellRecord,
  toUser,
  type CellKey,
  type CellRecord,
  type CellRow,
  type UserRow,
} from '../records';
import {
  keyPairUser,
  nearestBoxes,
  nearestFound,
  phoneLocation,
  type KeyPairRow,
} from '../service-read-rows';
import { createCellsInBox } from './cells-in-box';
import { keyHash } from '../key-hash';
import type { ServiceReads } from '../service-reads-port';
import { createCellCounts, createCellOperators } from './cell-counts';

function statements(db: Database.Database) {
  return {
    written: db.prepare<[], number>('SELECT total_changes()').pluck(),
    // One statement for both keys: a row only when both exist.
    keyPair: db.prepare<[Buffer, Buffer], KeyPairRow>(
      `SELECT users.id, users.key_prefix, users.developer_id, users.msisdn, users.sms_replied, users.state, users.current_mcc,
              users.current_mnc, users.current_cellid, users.key_hash AS user_hash,
              service_keys.key_hash AS service_hash, service_keys.developer_id AS service_developer
       FROM service_keys, users WHERE service_keys.key_hash = ? AND users.key_hash = ?`,
    ),
    serviceKey: db.prepare<[Buffer], { developer_id: number }>(
      'SELECT developer_id FROM service_keys WHERE key_hash = ?',
    ),
    user: db.prepare<[Buffer], UserRow>('SELECT * FROM users WHERE key_hash = ?'),
    cell: db.prepare<[number, number, number], CellRow>(
      `SELECT ${CELL_COLUMNS} FROM cells WHERE mcc = ? AND mnc = ? AND cellid = ?`,
    ),
    // Scans one operator's cells (the primary key's prefix) inside a box around the phone.
    nearest: db.prepare<
      [number, number, number, number, number, number, number, number, number, number, number],
      CellRow
    >(
      `SELECT ${CELL_COLUMNS} FROM cells
       WHERE mcc = ? AND mnc = ? AND lat BETWEEN ? AND ? AND lon BETWEEN ? AND ? AND lat IS NOT NULL
       ORDER BY (lat - ?) * (lat - ?) + (lon - ?) * (lon - ?) * 0.25
       LIMIT ?`,
    ),
  };
}

type Statements = ReturnType<typeof statements>;

/**
 * The nearest cells of the same operator, widening the box around `origin` until enough are found (the
 * simulator's next cells).
 */
function nearest(q: Statements, from: CellKey, origin: CellRecord, count: number): CellRecord[] {
  for (const box of nearestBoxes(origin)) {
    const rows = q.nearest.all(
      from.mcc,
      from.mnc,
      box.south,
      box.north,
      box.west,
      box.east,
      origin.lat,
      origin.lat,
      origin.lon,
      origin.lon,
      count + 1,
    );
    const found = nearestFound(rows, from, count, box);
    if (found !== undefined) return found;
  }
  return [];
}

/** `committed` changes with every commit by any connection (store/commit-counter.ts). */
export function createServiceReads(db: Database.Database, committed: () => string): ServiceReads {
  const q = statements(db);
  const reads: ServiceReads = {
    cellsInBox: createCellsInBox(db),
    cellCounts: createCellCounts(db),
    cellOperators: createCellOperators(db),
    authenticate(serviceKey, userKey) {
      const serviceHash = keyHash(serviceKey);
      const userHash = keyHash(userKey);
      return keyPairUser(q.keyPair.get(serviceHash, userHash), serviceHash, userHash);
    },
    getCell(key) {
      return toCellRecord(q.cell.get(key.mcc, key.mnc, key.cellid));
    },
    getLocation(userOrKey) {
      const user = typeof userOrKey === 'string' ? reads.getUser(userOrKey) : userOrKey;
      if (user === undefined) return undefined;
      return phoneLocation(user, user.cell === null ? undefined : reads.getCell(user.cell));
    },
    getUser(userKey) {
      const row = q.user.get(keyHash(userKey));
      return row === undefined ? undefined : toUser(row);
    },
    nearestCells(from, count) {
      const origin = reads.getCell(from);
      if (origin === undefined) return [];
      return nearest(q, from, origin, count);
    },
    dataVersion() {
      return `${committed()}:${q.written.get() ?? 0}`;
    },
    hasDemoKeys() {
      const user = q.user.get(keyHash('demo-user'));
      const service = q.serviceKey.get(keyHash('demo-service'));
      return user !== undefined && service !== undefined && user.developer_id === service.developer_id;
    },
  };
  return reads;
}
