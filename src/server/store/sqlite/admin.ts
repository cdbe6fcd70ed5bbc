import type Database from 'better-sqlite3';
import { cellValues, checkDeveloperName, checkKey, checkNewUser, generateKey } from '../admin-input';
import {
  CELL_COLUMNS,
  isCell,
  StoreError,
  toCellRecord,
  toListedUser,
  type CellRecord,
  type CellRow,
  type StoreCounts,
  type UserRow,
} from '../records';
import { STANDING_CONSENT } from './camara-consents';
import { keyHash, keyPrefix } from '../key-hash';
import type { Admin } from '../admin-port';

function prepare(db: Database.Database) {
  return {
    developer: db.prepare<[string], { id: number }>('SELECT id FROM developers WHERE name = ?'),
    user: db.prepare<[Buffer], UserRow>('SELECT * FROM users WHERE key_hash = ?'),
    cellExists: db.prepare<[number, number, number], { n: number }>(
      'SELECT 1 AS n FROM cells WHERE mcc = ? AND mnc = ? AND cellid = ?',
    ),
    addDeveloper: db.prepare<[string]>('INSERT INTO developers (name) VALUES (?)'),
    // Keys are written and found by their hash only; the key itself is never stored.
    addServiceKey: db.prepare<[Buffer, string, number]>(
      'INSERT INTO service_keys (key_hash, key_prefix, developer_id) VALUES (?, ?, ?)',
    ),
    standingConsent: db.prepare(STANDING_CONSENT),
    userKeyTaken: db.prepare<[Buffer], { n: number }>('SELECT 1 AS n FROM users WHERE key_hash = ?'),
    serviceKeyTaken: db.prepare<[Buffer], { n: number }>(
      'SELECT 1 AS n FROM service_keys WHERE key_hash = ?',
    ),
    addUser: db.prepare<[Buffer, string, number, string, number, string | null]>(
      `INSERT INTO users (key_hash, key_prefix, developer_id, msisdn, sms_replied, state)
       VALUES (?, ?, ?, ?, ?, ?)`,
    ),
    smsReply: db.prepare<[number, Buffer]>('UPDATE users SET sms_replied = ? WHERE key_hash = ?'),
    // cell_since is the phone's lastLocationTime for CAMARA Device Location: each placement is a new fix.
    setCell: db.prepare<[number, number, number, number, Buffer]>(
      'UPDATE users SET current_mcc = ?, current_mnc = ?, current_cellid = ?, cell_since = ? WHERE key_hash = ?',
    ),
    upsertCell: db.prepare<
      [number, number, number, number, number, number, string, number, number | null, number | null]
    >(
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET
         lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name, samples = excluded.samples,
         range = excluded.range, radio = excluded.radio, updated = NULL, origin = NULL`,
    ),
    listCells: db.prepare<[number, number], CellRow>(
      `SELECT ${CELL_COLUMNS} FROM cells ORDER BY mcc, mnc, cellid LIMIT ? OFFSET ?`,
    ),
    listUsers: db.prepare<[], UserRow & { developer: string }>(
      `SELECT users.*, developers.name AS developer FROM users
       JOIN developers ON developers.id = users.developer_id ORDER BY developers.name, users.msisdn`,
    ),
    counts: db.prepare<[], StoreCounts>(
      `SELECT (SELECT count(*) FROM developers) AS developers, (SELECT count(*) FROM service_keys) AS serviceKeys,
              (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM cells) AS cells`,
    ),
  };
}

type Statements = ReturnType<typeof prepare>;
type Transaction = <T>(work: () => T) => T;

/** Developers, their service keys, their users and what is known of each user's phone. */
function peopleAdmin(
  q: Statements,
  transaction: Transaction,
): Pick<Admin, 'addDeveloper' | 'issueServiceKey' | 'registerUser' | 'recordSmsReply' | 'setPhoneCell'> {
  function developerId(name: string): number {
    const row = q.developer.get(name);
    if (row === undefined) throw new StoreError(`no developer named "${name}"`);
    return row.id;
  }

  function existingUser(userKey: string): void {
    if (q.user.get(keyHash(userKey)) === undefined) throw new StoreError('no user with that user key');
  }

  return {
    addDeveloper(name) {
      const trimmed = checkDeveloperName(name);
      return transaction(() => {
        if (q.developer.get(trimmed) !== undefined)
          throw new StoreError(`developer "${trimmed}" exists already`);
        return Number(q.addDeveloper.run(trimmed).lastInsertRowid);
      });
    },
    issueServiceKey(developer, key = generateKey()) {
      return transaction(() => {
        const id = developerId(developer);
        checkKey(key, 'service key');
        if (q.serviceKeyTaken.get(keyHash(key)) !== undefined)
          throw new StoreError('that service key is taken');
        q.addServiceKey.run(keyHash(key), keyPrefix(key), id);
        return key;
      });
    },
    registerUser(developer, msisdn, options = {}) {
      const { key = generateKey(), smsReplied = false, state = null } = options;
      return transaction(() => {
        const id = developerId(developer);
        checkNewUser(key, msisdn, state);
        if (q.userKeyTaken.get(keyHash(key)) !== undefined) throw new StoreError('that user key is taken');
        q.addUser.run(keyHash(key), keyPrefix(key), id, msisdn, smsReplied ? 1 : 0, state);
        if (options.standingConsent === true)
          q.standingConsent.run({ keyHash: keyHash(key), at: Date.now() });
        return key;
      });
    },
    recordSmsReply(userKey, replied = true) {
      transaction(() => {
        existingUser(userKey);
        q.smsReply.run(replied ? 1 : 0, keyHash(userKey));
      });
    },
    setPhoneCell(userKey, key) {
      transaction(() => {
        existingUser(userKey);
        if (q.cellExists.get(key.mcc, key.mnc, key.cellid) === undefined)
          throw new StoreError(`no cell ${key.mcc}/${key.mnc}/${key.cellid}`);
        q.setCell.run(key.mcc, key.mnc, key.cellid, Date.now(), keyHash(userKey));
      });
    },
  };
}

/** Cells added by hand or from a file, and listed. */
function cellAdmin(
  q: Statements,
  transaction: Transaction,
): Pick<Admin, 'addCell' | 'addCells' | 'listCells'> {
  function writeCell(cell: CellRecord): void {
    q.upsertCell.run(...cellValues(cell));
  }

  return {
    addCell(cell) {
      writeCell(cell);
    },
    addCells(cells) {
      return transaction(() => {
        let n = 0;
        for (const cell of cells) {
          writeCell(cell);
          n++;
        }
        return n;
      });
    },
    listCells(limit, offset = 0) {
      return q.listCells.all(limit, offset).map(toCellRecord).filter(isCell);
    },
  };
}

/** Every write checks its input and runs in one transaction: a refused write leaves nothing behind. */
export function createAdmin(db: Database.Database): Admin {
  const q = prepare(db);
  const transaction: Transaction = (work) => db.transaction(work)();
  return {
    ...peopleAdmin(q, transaction),
    ...cellAdmin(q, transaction),
    transaction,
    listUsers() {
      return q.listUsers.all().map(toListedUser);
    },
    counts() {
      return q.counts.get() as StoreCounts;
    },
  };
}
