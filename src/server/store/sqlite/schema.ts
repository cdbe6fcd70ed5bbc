import type Database from 'better-sqlite3';
import { keyHash, keyPrefix } from '../key-hash';
import { CELLS_BOX, repairCellsBox, resumeCellsBox } from './cells-rtree';
import { CONSUMER_TABLES } from './camara-consumer';
import { CONSENT_TABLE, STANDING_CONSENT } from './camara-consents';
import { StoreError } from '../records';
import { addCellCounts } from './cell-counts';
import { GEOFENCE_TABLES_SQLITE } from './geofencing';
import { WATCH_TABLES } from './watches';

type Db = Database.Database;

/* The cells-in-view R*Tree as migration 6 made it, written out here because the code that makes it now makes the
   form migration 10 turned it into: mcc, mnc and radio beside the entries, read by a lookup per entry. */
const FIRST_BOX_ROW = (row: string) =>
  `((${row}mcc << 46) | (${row}mnc << 36) | ${row}cellid), ${row}lon, ${row}lon, ${row}lat, ${row}lat, ` +
  `${row}mcc, ${row}mnc, coalesce(${row}radio, 0)`;
const FIRST_BOX_ID = (row: string) => `((${row}mcc << 46) | (${row}mnc << 36) | ${row}cellid)`;
const FIRST_BOX = `
  CREATE VIRTUAL TABLE cells_box USING rtree(id, min_lon, max_lon, min_lat, max_lat, +mcc, +mnc, +radio);
  CREATE TRIGGER cells_box_insert AFTER INSERT ON cells
    WHEN NEW.lat IS NOT NULL AND NEW.lon IS NOT NULL
    BEGIN INSERT OR REPLACE INTO cells_box VALUES (${FIRST_BOX_ROW('NEW.')}); END;
  CREATE TRIGGER cells_box_update AFTER UPDATE OF mcc, mnc, cellid, lat, lon, radio ON cells
    BEGIN
      DELETE FROM cells_box WHERE id = ${FIRST_BOX_ID('OLD.')};
      INSERT INTO cells_box SELECT ${FIRST_BOX_ROW('NEW.')} WHERE NEW.lat IS NOT NULL AND NEW.lon IS NOT NULL;
    END;
  CREATE TRIGGER cells_box_delete AFTER DELETE ON cells
    BEGIN DELETE FROM cells_box WHERE id = ${FIRST_BOX_ID('OLD.')}; END;
  INSERT INTO cells_box SELECT ${FIRST_BOX_ROW('')} FROM cells WHERE lat IS NOT NULL AND lon IS NOT NULL;
`;

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
  // The keys themselves go: only their hashes and a prefix to tell them apart in a listing stay. SQLite cannot
  // drop a key column, so both tables are made again; migrate() overwrites the freed pages.
  (db) => {
    db.exec(`
      CREATE TABLE service_keys_hashed (
        key_hash BLOB PRIMARY KEY,
        key_prefix TEXT NOT NULL,
        developer_id INTEGER NOT NULL REFERENCES developers(id) ON DELETE CASCADE
      ) WITHOUT ROWID;
      INSERT INTO service_keys_hashed (key_hash, key_prefix, developer_id)
        SELECT key_sha256(key), key_prefix(key), developer_id FROM service_keys;
      DROP TABLE service_keys;
      ALTER TABLE service_keys_hashed RENAME TO service_keys;
      CREATE INDEX service_keys_developer ON service_keys(developer_id);

      CREATE TABLE users_hashed (
        id INTEGER PRIMARY KEY,
        key_hash BLOB NOT NULL UNIQUE,
        key_prefix TEXT NOT NULL,
        developer_id INTEGER NOT NULL REFERENCES developers(id) ON DELETE CASCADE,
        msisdn TEXT NOT NULL,
        sms_replied INTEGER NOT NULL DEFAULT 0 CHECK (sms_replied IN (0, 1)),
        state TEXT,
        current_mcc INTEGER,
        current_mnc INTEGER,
        current_cellid INTEGER,
        FOREIGN KEY (current_mcc, current_mnc, current_cellid) REFERENCES cells(mcc, mnc, cellid)
      );
      INSERT INTO users_hashed (key_hash, key_prefix, developer_id, msisdn, sms_replied, state, current_mcc,
                                current_mnc, current_cellid)
        SELECT key_sha256(user_key), key_prefix(user_key), developer_id, msisdn, sms_replied, state, current_mcc,
               current_mnc, current_cellid
        FROM users;
      DROP TABLE users;
      ALTER TABLE users_hashed RENAME TO users;
      CREATE INDEX users_developer ON users(developer_id);
    `);
  },
  // What OpenCelliD knows beyond a position, kept by the importer. `radio` is a code (records.ts RADIO_CODES) and
  // `origin` says whose data a row is (1: OpenCelliD): small integers take no bytes of their own in a row, where
  // text would cost ~15 bytes in each of tens of millions of rows.
  (db) => {
    db.exec(`
      ALTER TABLE cells ADD COLUMN range INTEGER;
      ALTER TABLE cells ADD COLUMN radio INTEGER;
      ALTER TABLE cells ADD COLUMN updated INTEGER;
      ALTER TABLE cells ADD COLUMN origin INTEGER;
    `);
  },
  // Answers of the live cell sources, so repeated lookups do not spend their daily quotas (store/cell-cache.ts).
  (db) => {
    db.exec(`
      CREATE TABLE cell_answers (
        source TEXT NOT NULL,
        mcc INTEGER NOT NULL,
        mnc INTEGER NOT NULL,
        cellid INTEGER NOT NULL,
        lac INTEGER NOT NULL,
        radio TEXT NOT NULL,
        found INTEGER NOT NULL CHECK (found IN (0, 1)),
        lat REAL,
        lon REAL,
        name TEXT,
        range INTEGER,
        accuracy INTEGER,
        samples INTEGER,
        updated INTEGER,
        asked_at INTEGER NOT NULL,
        PRIMARY KEY (source, mcc, mnc, cellid, lac, radio)
      ) WITHOUT ROWID;
      CREATE INDEX cell_answers_asked ON cell_answers(asked_at);
    `);
  },
  // Cells in view: an R*Tree over position, with mcc, mnc and radio beside it, kept in step with `cells` by
  // triggers, so every writer (admin, importer, demo seeding, a hand-written INSERT) updates it. Two dimensions
  // only: a point has no extent in any other, and SQLite's R*Tree, choosing by volume, then builds a tree that
  // prunes nothing (measured: 1.5 ms against 0.02 ms for a town-sized box in 200,000 cells).
  (db) => {
    db.exec(FIRST_BOX);
  },
  // The service as a CAMARA operator (store/camara-sqlite.ts): when each phone entered its cell (its
  // lastLocationTime; a phone placed before this version counts from the upgrade), the OpenID provider's records
  // and keys, the API consumers and the pseudonyms they know subscribers by, and the pace of CIBA polling.
  (db) => {
    db.exec(`
      ALTER TABLE users ADD COLUMN cell_since INTEGER;
      CREATE TABLE oidc_records (
        model TEXT NOT NULL,
        id TEXT NOT NULL,
        payload TEXT NOT NULL,
        forget_at INTEGER,
        grant_id TEXT,
        user_code TEXT,
        uid TEXT,
        client_id TEXT,
        account_id TEXT,
        PRIMARY KEY (model, id)
      ) WITHOUT ROWID;
      CREATE INDEX oidc_records_grant ON oidc_records(grant_id) WHERE grant_id IS NOT NULL;
      CREATE INDEX oidc_records_client ON oidc_records(client_id) WHERE client_id IS NOT NULL;
      CREATE INDEX oidc_records_account ON oidc_records(account_id) WHERE account_id IS NOT NULL;
      CREATE INDEX oidc_records_forget ON oidc_records(forget_at) WHERE forget_at IS NOT NULL;
      CREATE TABLE oidc_signing_keys (
        kid TEXT PRIMARY KEY,
        jwk TEXT NOT NULL,
        created_at INTEGER NOT NULL
      );
      CREATE TABLE camara_clients (
        client_id TEXT PRIMARY KEY,
        jwks TEXT,
        jwks_uri TEXT,
        two_legged INTEGER NOT NULL DEFAULT 0 CHECK (two_legged IN (0, 1)),
        created_at INTEGER NOT NULL,
        CHECK ((jwks IS NULL) <> (jwks_uri IS NULL))
      );
      CREATE TABLE camara_subjects (
        sub TEXT PRIMARY KEY,
        client_id TEXT NOT NULL REFERENCES camara_clients(client_id) ON DELETE CASCADE,
        msisdn TEXT NOT NULL,
        UNIQUE (client_id, msisdn)
      );
      CREATE INDEX camara_subjects_msisdn ON camara_subjects(msisdn);
      CREATE INDEX users_msisdn ON users(msisdn);
      CREATE TABLE ciba_polls (
        id TEXT PRIMARY KEY,
        polled_at INTEGER NOT NULL,
        interval INTEGER NOT NULL,
        forget_at INTEGER NOT NULL
      ) WITHOUT ROWID;
    `);
    db.prepare('UPDATE users SET cell_since = ? WHERE current_cellid IS NOT NULL').run(Date.now());
  },
  // The service as a CAMARA API consumer (store/camara-consumer-sqlite.ts): the operator's tokens, sealed, per user
  // and scope, and each user's open question to the operator.
  (db) => {
    db.exec(CONSUMER_TABLES);
  },
  // Cells in view filtered by operator or radio looked up a row per entry of the R*Tree to read mcc, mnc and radio
  // beside it (9 s for a world-wide read of 1,000,000 cells): the entry's id now carries them
  // (cells-rtree-load.ts boxId), and the tree is made again, bottom-up, without the columns beside it.
  (db) => {
    db.exec(`
      DROP TRIGGER IF EXISTS cells_box_insert;
      DROP TRIGGER IF EXISTS cells_box_update;
      DROP TRIGGER IF EXISTS cells_box_delete;
      DROP TABLE cells_box;
      ${CELLS_BOX}
    `);
    resumeCellsBox(db);
  },
  // Consent per subscriber, API consumer, purpose and scope (store/camara-sqlite-consents.ts): the demo subscriber
  // (user key demo-user, in a database with the demo data) keeps a standing consent to every consumer; no other
  // subscriber's authorization SMS reply is carried over, as each consumer and purpose now asks.
  (db) => {
    db.exec(CONSENT_TABLE);
    db.prepare(STANDING_CONSENT).run({ keyHash: keyHash('demo-user'), at: Date.now() });
  },
  // CAMARA Device Geofencing Subscriptions: the subscriptions (sink tokens sealed) and undelivered events.
  (db) => db.exec(GEOFENCE_TABLES_SQLITE),
  // Cells in view at every zoom: cells per square of the map's tiles, per radio and operator, for a ladder of
  // zooms (store/sqlite/cell-counts.ts), kept by triggers and rebuilt in bulk after an import.
  (db) => {
    addCellCounts(db);
  },
  // "Watch my phone" (store/sqlite/watches.ts): each user's geofencing watches at the operator and
  // the events its sink was delivered, kept once per CloudEvent id.
  (db) => {
    db.exec(WATCH_TABLES);
  },
];

export const SCHEMA_VERSION = MIGRATIONS.length;

/**
 * Runs every migration the database has not seen (up to `target`, for tests of old databases), each in its own
 * transaction. Returns the new version.
 */
export function migrate(db: Db, target = MIGRATIONS.length): number {
  db.function('key_sha256', { deterministic: true }, (key: unknown) => keyHash(String(key)));
  db.function('key_prefix', { deterministic: true }, (key: unknown) => keyPrefix(String(key)));
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > MIGRATIONS.length) {
    throw new StoreError(
      `database schema version ${current} is newer than this program knows (${MIGRATIONS.length})`,
    );
  }
  if (current >= target) {
    if (target === MIGRATIONS.length) repairCellsBox(db);
    return current;
  }
  // What a migration deletes (the plain keys, say) is overwritten with zeros, not left in free pages.
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    for (let version = current; version < target; version++) {
      const step = MIGRATIONS[version];
      if (step === undefined) break;
      db.transaction(() => {
        step(db);
        db.pragma(`user_version = ${version + 1}`);
      })();
    }
  } finally {
    db.pragma(`secure_delete = ${secureDelete}`);
  }
  if (target === MIGRATIONS.length) repairCellsBox(db);
  return target;
}
