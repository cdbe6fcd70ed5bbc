import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import Database from 'better-sqlite3';
import { DEMO_DEVELOPERS, demoCells } from './demo-data';

type Db = Database.Database;

/** A cell as stored: mcc, mnc and cellid are the numeric key. */
export interface CellRecord {
  mcc: number;
  mnc: number;
  cellid: number;
  lac: number;
  lat: number;
  lon: number;
  name: string;
  samples?: number;
}

export interface CellKey {
  mcc: number;
  mnc: number;
  cellid: number;
}

export interface User {
  userKey: string;
  developerId: number;
  msisdn: string;
  smsReplied: boolean;
  state: string | null;
  cell: CellKey | null;
}

export interface PhoneLocation {
  msisdn: string;
  state: string | null;
  cell: CellRecord;
}

export interface StoreCounts {
  developers: number;
  serviceKeys: number;
  users: number;
  cells: number;
}

export class StoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StoreError';
  }
}

export interface Store {
  /** The user when both keys exist and belong to one developer; 'mismatch' when they belong to two. */
  authenticate(serviceKey: string, userKey: string): User | undefined | 'mismatch';
  getCell(key: CellKey): CellRecord | undefined;
  /** By user key, or for a user already read (saves a lookup on the hot path). */
  getLocation(user: string | User): PhoneLocation | undefined;
  getUser(userKey: string): User | undefined;
  addDeveloper(name: string): number;
  issueServiceKey(developer: string, key?: string): string;
  registerUser(developer: string, msisdn: string, options?: RegisterOptions): string;
  recordSmsReply(userKey: string, replied?: boolean): void;
  setPhoneCell(userKey: string, key: CellKey): void;
  addCell(cell: CellRecord): void;
  /** Inserts or replaces every cell in one transaction; returns how many were written. */
  addCells(cells: Iterable<CellRecord>): number;
  nearestCells(from: CellKey, count: number): CellRecord[];
  listCells(limit: number, offset?: number): CellRecord[];
  listUsers(): Array<Omit<User, 'developerId'> & { developer: string }>;
  counts(): StoreCounts;
  /** True when the demo developer's keys are in this database. */
  hasDemoKeys(): boolean;
  close(): void;
}

export interface RegisterOptions {
  key?: string;
  smsReplied?: boolean;
  state?: string | null;
}

export interface OpenOptions {
  /** Fill an empty database with the demo developers, keys, users and cells. */
  demo: boolean;
}

/* Versioned migrations: PRAGMA user_version holds how many have run. Append, never edit. */
const MIGRATIONS: ReadonlyArray<(db: Db) => void> = [
  (db) => {
    db.exec(`
      CREATE TABLE developers (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE
      );
      CREATE TABLE service_keys (
        key TEXT PRIMARY KEY,
        developer_id INTEGER NOT NULL REFERENCES developers(id) ON DELETE CASCADE
      );
      CREATE TABLE cells (
        mcc INTEGER NOT NULL,
        mnc INTEGER NOT NULL,
        cellid INTEGER NOT NULL,
        lac INTEGER,
        lat REAL,
        lon REAL,
        name TEXT,
        samples INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (mcc, mnc, cellid)
      ) WITHOUT ROWID;
      CREATE TABLE users (
        user_key TEXT PRIMARY KEY,
        developer_id INTEGER NOT NULL REFERENCES developers(id) ON DELETE CASCADE,
        msisdn TEXT NOT NULL,
        sms_replied INTEGER NOT NULL DEFAULT 0 CHECK (sms_replied IN (0, 1)),
        state TEXT,
        current_mcc INTEGER,
        current_mnc INTEGER,
        current_cellid INTEGER,
        FOREIGN KEY (current_mcc, current_mnc, current_cellid) REFERENCES cells(mcc, mnc, cellid)
      );
      CREATE INDEX service_keys_developer ON service_keys(developer_id);
      CREATE INDEX users_developer ON users(developer_id);
    `);
  },
  // Keys are looked up by their SHA-256, so the time a lookup takes says nothing about a key's characters.
  (db) => {
    db.exec(`
      ALTER TABLE service_keys ADD COLUMN key_hash BLOB;
      ALTER TABLE users ADD COLUMN key_hash BLOB;
      UPDATE service_keys SET key_hash = key_sha256(key);
      UPDATE users SET key_hash = key_sha256(user_key);
      CREATE UNIQUE INDEX service_keys_hash ON service_keys(key_hash);
      CREATE UNIQUE INDEX users_hash ON users(key_hash);
    `);
  },
];

/** SHA-256 of a key, the form in which keys are looked up and compared. */
export function keyHash(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export const SCHEMA_VERSION = MIGRATIONS.length;

/** Runs every migration the database has not seen, each in its own transaction. Returns the new version. */
export function migrate(db: Db): number {
  db.function('key_sha256', { deterministic: true }, (key: unknown) => keyHash(String(key)));
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new StoreError(
      `database schema version ${current} is newer than this program knows (${MIGRATIONS.length})`,
    );
  }
  for (let version = current; version < MIGRATIONS.length; version++) {
    const step = MIGRATIONS[version];
    if (step === undefined) break;
    db.transaction(() => {
      step(db);
      db.pragma(`user_version = ${version + 1}`);
    })();
  }
  return MIGRATIONS.length;
}

const KEY = /^[A-Za-z0-9_-]{1,256}$/;

/** A fresh random key: 24 bytes, base64url (32 characters). */
export function generateKey(): string {
  return randomBytes(24).toString('base64url');
}

function checkKey(key: string, what: string): string {
  if (!KEY.test(key)) throw new StoreError(`${what} must be 1–256 letters, digits, "-" or "_"`);
  return key;
}

export function checkCellRecord(cell: CellRecord): CellRecord {
  const int = (value: number, name: string, max: number): void => {
    if (!Number.isSafeInteger(value) || value < 0 || value > max)
      throw new StoreError(`${name} must be a whole number from 0 to ${max}`);
  };
  int(cell.mcc, 'mcc', 999);
  int(cell.mnc, 'mnc', 999);
  int(cell.cellid, 'cellid', 2 ** 36 - 1);
  int(cell.lac, 'lac', 2 ** 32 - 1);
  if (!Number.isFinite(cell.lat) || Math.abs(cell.lat) > 90)
    throw new StoreError('lat must be from -90 to 90');
  if (!Number.isFinite(cell.lon) || Math.abs(cell.lon) > 180)
    throw new StoreError('lon must be from -180 to 180');
  if (cell.name.trim() === '' || cell.name.length > 200)
    throw new StoreError('name must be 1–200 characters');
  return cell;
}

interface UserRow {
  user_key: string;
  developer_id: number;
  msisdn: string;
  sms_replied: number;
  state: string | null;
  current_mcc: number | null;
  current_mnc: number | null;
  current_cellid: number | null;
}

interface CellRow {
  mcc: number;
  mnc: number;
  cellid: number;
  lac: number | null;
  lat: number | null;
  lon: number | null;
  name: string | null;
  samples: number;
}

function toUser(row: UserRow): User {
  return {
    userKey: row.user_key,
    developerId: row.developer_id,
    msisdn: row.msisdn,
    smsReplied: row.sms_replied === 1,
    state: row.state,
    cell:
      row.current_mcc === null || row.current_mnc === null || row.current_cellid === null
        ? null
        : { mcc: row.current_mcc, mnc: row.current_mnc, cellid: row.current_cellid },
  };
}

/** Rows an importer left incomplete are treated as absent: the document's Cell has every field. */
function toCell(row: CellRow | undefined): CellRecord | undefined {
  if (row === undefined || row.lat === null || row.lon === null) return undefined;
  return {
    mcc: row.mcc,
    mnc: row.mnc,
    cellid: row.cellid,
    lac: row.lac ?? 0,
    lat: row.lat,
    lon: row.lon,
    name: row.name ?? '',
    samples: row.samples,
  };
}

const CELL_COLUMNS = 'mcc, mnc, cellid, lac, lat, lon, name, samples';

/** Opens (creating the folder and file when needed), migrates, and fills an empty database with demo data. */
export function openStore(file: string, options: OpenOptions): Store {
  if (file !== ':memory:') mkdirSync(dirname(file), { recursive: true });
  const db = new Database(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('busy_timeout = 5000');
    db.pragma('foreign_keys = ON');
    migrate(db);
  } catch (error) {
    db.close();
    throw error;
  }

  const q = {
    serviceKey: db.prepare<[string], { developer_id: number }>(
      'SELECT developer_id FROM service_keys WHERE key = ?',
    ),
    // One statement for both keys: a row only when both exist.
    keyPair: db.prepare<
      [Buffer, Buffer],
      UserRow & { user_hash: Buffer; service_hash: Buffer; service_developer: number }
    >(
      `SELECT users.user_key, users.developer_id, users.msisdn, users.sms_replied, users.state, users.current_mcc,
              users.current_mnc, users.current_cellid, users.key_hash AS user_hash,
              service_keys.key_hash AS service_hash, service_keys.developer_id AS service_developer
       FROM service_keys, users WHERE service_keys.key_hash = ? AND users.key_hash = ?`,
    ),
    user: db.prepare<[string], UserRow>('SELECT * FROM users WHERE user_key = ?'),
    cell: db.prepare<[number, number, number], CellRow>(
      `SELECT ${CELL_COLUMNS} FROM cells WHERE mcc = ? AND mnc = ? AND cellid = ?`,
    ),
    developer: db.prepare<[string], { id: number }>('SELECT id FROM developers WHERE name = ?'),
    addDeveloper: db.prepare<[string]>('INSERT INTO developers (name) VALUES (?)'),
    addServiceKey: db.prepare<[string, number, Buffer]>(
      'INSERT INTO service_keys (key, developer_id, key_hash) VALUES (?, ?, ?)',
    ),
    userKeyTaken: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM users WHERE user_key = ?'),
    serviceKeyTaken: db.prepare<[string], { n: number }>('SELECT 1 AS n FROM service_keys WHERE key = ?'),
    addUser: db.prepare<[string, number, string, number, string | null, Buffer]>(
      'INSERT INTO users (user_key, developer_id, msisdn, sms_replied, state, key_hash) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    smsReply: db.prepare<[number, string]>('UPDATE users SET sms_replied = ? WHERE user_key = ?'),
    setCell: db.prepare<[number, number, number, string]>(
      'UPDATE users SET current_mcc = ?, current_mnc = ?, current_cellid = ? WHERE user_key = ?',
    ),
    upsertCell: db.prepare<[number, number, number, number, number, number, string, number]>(
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET
         lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name, samples = excluded.samples`,
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

  function developerId(name: string): number {
    const row = q.developer.get(name);
    if (row === undefined) throw new StoreError(`no developer named "${name}"`);
    return row.id;
  }

  function existingUser(userKey: string): User {
    const row = q.user.get(userKey);
    if (row === undefined) throw new StoreError('no user with that user key');
    return toUser(row);
  }

  function writeCell(cell: CellRecord): void {
    const c = checkCellRecord(cell);
    q.upsertCell.run(c.mcc, c.mnc, c.cellid, c.lac, c.lat, c.lon, c.name.trim(), c.samples ?? 0);
  }

  const store: Store = {
    authenticate(serviceKey, userKey) {
      const serviceHash = keyHash(serviceKey);
      const userHash = keyHash(userKey);
      const row = q.keyPair.get(serviceHash, userHash);
      if (row === undefined) return undefined;
      // The index found the hashes; compared again in constant time, both always.
      const serviceOk = timingSafeEqual(row.service_hash, serviceHash);
      const userOk = timingSafeEqual(row.user_hash, userHash);
      if (!(serviceOk && userOk)) return undefined;
      return row.service_developer === row.developer_id ? toUser(row) : 'mismatch';
    },
    getCell(key) {
      return toCell(q.cell.get(key.mcc, key.mnc, key.cellid));
    },
    getLocation(userOrKey) {
      const user = typeof userOrKey === 'string' ? store.getUser(userOrKey) : userOrKey;
      if (user === undefined) return undefined;
      const found = user.cell === null ? undefined : store.getCell(user.cell);
      if (found === undefined) return undefined;
      return { msisdn: user.msisdn, state: user.state, cell: found };
    },
    getUser(userKey) {
      const row = q.user.get(userKey);
      return row === undefined ? undefined : toUser(row);
    },
    addDeveloper(name) {
      const trimmed = name.trim();
      if (!/^[\p{L}\p{N} ._-]{1,100}$/u.test(trimmed))
        throw new StoreError('developer name must be 1–100 letters, digits, spaces, ".", "-" or "_"');
      return db.transaction(() => {
        if (q.developer.get(trimmed) !== undefined)
          throw new StoreError(`developer "${trimmed}" exists already`);
        return Number(q.addDeveloper.run(trimmed).lastInsertRowid);
      })();
    },
    issueServiceKey(developer, key = generateKey()) {
      return db.transaction(() => {
        const id = developerId(developer);
        checkKey(key, 'service key');
        if (q.serviceKeyTaken.get(key) !== undefined) throw new StoreError('that service key is taken');
        q.addServiceKey.run(key, id, keyHash(key));
        return key;
      })();
    },
    registerUser(developer, msisdn, { key = generateKey(), smsReplied = false, state = null } = {}) {
      return db.transaction(() => {
        const id = developerId(developer);
        checkKey(key, 'user key');
        if (!/^\d{3,15}$/.test(msisdn))
          throw new StoreError('MSISDN must be 3–15 digits, international format without "+"');
        if (q.userKeyTaken.get(key) !== undefined) throw new StoreError('that user key is taken');
        q.addUser.run(key, id, msisdn, smsReplied ? 1 : 0, state, keyHash(key));
        return key;
      })();
    },
    recordSmsReply(userKey, replied = true) {
      db.transaction(() => {
        existingUser(userKey);
        q.smsReply.run(replied ? 1 : 0, userKey);
      })();
    },
    setPhoneCell(userKey, key) {
      db.transaction(() => {
        existingUser(userKey);
        if (q.cell.get(key.mcc, key.mnc, key.cellid) === undefined)
          throw new StoreError(`no cell ${key.mcc}/${key.mnc}/${key.cellid}`);
        q.setCell.run(key.mcc, key.mnc, key.cellid, userKey);
      })();
    },
    addCell(cell) {
      writeCell(cell);
    },
    addCells(cells) {
      return db.transaction(() => {
        let n = 0;
        for (const cell of cells) {
          writeCell(cell);
          n++;
        }
        return n;
      })();
    },
    nearestCells(from, count) {
      const origin = store.getCell(from);
      if (origin === undefined) return [];
      for (const degrees of [0.1, 0.5, 2]) {
        const rows = q.nearest
          .all(
            from.mcc,
            from.mnc,
            origin.lat - degrees,
            origin.lat + degrees,
            origin.lon - degrees * 2,
            origin.lon + degrees * 2,
            origin.lat,
            origin.lat,
            origin.lon,
            origin.lon,
            count + 1,
          )
          .map(toCell)
          .filter((cell): cell is CellRecord => cell !== undefined && cell.cellid !== from.cellid);
        if (rows.length >= count) return rows.slice(0, count);
        if (degrees === 2) return rows;
      }
      return [];
    },
    listCells(limit, offset = 0) {
      return q.listCells
        .all(limit, offset)
        .map(toCell)
        .filter((cell): cell is CellRecord => cell !== undefined);
    },
    listUsers() {
      return q.listUsers.all().map((row) => {
        const { developerId: _id, ...user } = toUser(row);
        return { ...user, developer: row.developer };
      });
    },
    counts() {
      return q.counts.get() as StoreCounts;
    },
    hasDemoKeys() {
      const user = q.user.get('demo-user');
      const service = q.serviceKey.get('demo-service');
      return user !== undefined && service !== undefined && user.developer_id === service.developer_id;
    },
    close() {
      if (db.open) db.close();
    },
  };

  const { developers, cells } = store.counts();
  if (options.demo && developers === 0 && cells === 0) {
    try {
      seedDemo(store, db);
    } catch (error) {
      db.close();
      throw error;
    }
  }
  return store;
}

function seedDemo(store: Store, db: Db): void {
  db.transaction(() => {
    store.addCells(demoCells());
    for (const developer of DEMO_DEVELOPERS) {
      store.addDeveloper(developer.name);
      store.issueServiceKey(developer.name, developer.serviceKey);
      for (const user of developer.users) {
        store.registerUser(developer.name, user.msisdn, {
          key: user.userKey,
          smsReplied: user.smsReplied,
          state: user.state,
        });
        if (user.cell !== null) store.setPhoneCell(user.userKey, user.cell);
      }
    }
  })();
}
