import type { Admin } from '../admin-port';
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
import { ANY } from '../camara-store';
import { keyHash, keyPrefix } from '../key-hash';
import type { Async } from './async';
import type { Database } from './database';

/** The users columns as SQLite's rows have them (records.ts UserRow). */
export const USER_COLUMNS = `users.id, users.key_prefix, users.developer_id, users.msisdn,
  users.sms_replied::int AS sms_replied, users.state, users.current_mcc, users.current_mnc, users.current_cellid`;

/** The unique-violation code: a second writer got there first (another replica, the command line). */
const UNIQUE_VIOLATION = '23505';

function taken(error: unknown, message: string): never {
  if ((error as { code?: unknown }).code === UNIQUE_VIOLATION) throw new StoreError(message);
  throw error;
}

type PostgresAdmin = Omit<Async<Admin>, 'transaction'> & {
  transaction<T>(work: () => Promise<T>): Promise<T>;
};

/** What SQLite's admin does (store/admin.ts), with the same checks and messages, each write in one transaction. */
export function createAdmin(db: Database): PostgresAdmin {
  return {
    ...peopleAdmin(db),
    ...cellAdmin(db),
    transaction: (work) => db.transaction(work),
    async listUsers() {
      const rows = await db.query<UserRow & { developer: string }>(
        'list-users',
        `SELECT ${USER_COLUMNS}, developers.name AS developer FROM users
         JOIN developers ON developers.id = users.developer_id ORDER BY developers.name, users.msisdn`,
      );
      return rows.map(toListedUser);
    },
    async counts() {
      const row = await db.one<StoreCounts>(
        'counts',
        `SELECT (SELECT count(*) FROM developers) AS developers,
                (SELECT count(*) FROM service_keys) AS "serviceKeys",
                (SELECT count(*) FROM users) AS users, (SELECT count(*) FROM cells) AS cells`,
      );
      return row ?? { developers: 0, serviceKeys: 0, users: 0, cells: 0 };
    },
  };
}

async function developerId(db: Database, name: string): Promise<number> {
  const row = await db.one<{ id: number }>('developer', 'SELECT id FROM developers WHERE name = $1', [name]);
  if (row === undefined) throw new StoreError(`no developer named "${name}"`);
  return row.id;
}

/** The demo subscriber's standing consent to every CAMARA consumer and purpose (camara_consents' row of `*`). */
function addStandingConsent(db: Database, msisdn: string): Promise<number> {
  return db.run(
    'add-standing-consent',
    `INSERT INTO camara_consents (msisdn, client_id, purpose, scope, granted_at)
     VALUES ($1, '${ANY}', '${ANY}', '${ANY}', $2) ON CONFLICT DO NOTHING`,
    [msisdn, Date.now()],
  );
}

/** Developers, their service keys, their users and what is known of each user's phone. */
function peopleAdmin(
  db: Database,
): Pick<
  PostgresAdmin,
  'addDeveloper' | 'issueServiceKey' | 'registerUser' | 'recordSmsReply' | 'setPhoneCell'
> {
  return {
    async addDeveloper(name) {
      const trimmed = checkDeveloperName(name);
      const row = await db
        .one<{ id: number }>('add-developer', 'INSERT INTO developers (name) VALUES ($1) RETURNING id', [
          trimmed,
        ])
        .catch((error: unknown) => taken(error, `developer "${trimmed}" exists already`));
      return row?.id ?? 0;
    },
    issueServiceKey(developer, key = generateKey()) {
      return db.transaction(async () => {
        const id = await developerId(db, developer);
        checkKey(key, 'service key');
        await db
          .run(
            'add-service-key',
            'INSERT INTO service_keys (key_hash, key_prefix, developer_id) VALUES ($1, $2, $3)',
            [keyHash(key), keyPrefix(key), id],
          )
          .catch((error: unknown) => taken(error, 'that service key is taken'));
        return key;
      });
    },
    registerUser(developer, msisdn, options = {}) {
      const { key = generateKey(), smsReplied = false, state = null } = options;
      return db.transaction(async () => {
        const id = await developerId(db, developer);
        checkNewUser(key, msisdn, state);
        await db
          .run(
            'add-user',
            `INSERT INTO users (key_hash, key_prefix, developer_id, msisdn, sms_replied, state)
             VALUES ($1, $2, $3, $4, $5, $6)`,
            [keyHash(key), keyPrefix(key), id, msisdn, smsReplied, state],
          )
          .catch((error: unknown) => taken(error, 'that user key is taken'));
        if (options.standingConsent === true) await addStandingConsent(db, msisdn);
        return key;
      });
    },
    async recordSmsReply(userKey, replied = true) {
      const changed = await db.run('sms-reply', 'UPDATE users SET sms_replied = $1 WHERE key_hash = $2', [
        replied,
        keyHash(userKey),
      ]);
      if (changed === 0) throw new StoreError('no user with that user key');
    },
    setPhoneCell(userKey, key) {
      return db.transaction(async () => {
        const user = await db.one('user-exists', 'SELECT 1 FROM users WHERE key_hash = $1', [
          keyHash(userKey),
        ]);
        if (user === undefined) throw new StoreError('no user with that user key');
        const cell = await db.one(
          'cell-exists',
          'SELECT 1 FROM cells WHERE mcc = $1 AND mnc = $2 AND cellid = $3',
          [key.mcc, key.mnc, key.cellid],
        );
        if (cell === undefined) throw new StoreError(`no cell ${key.mcc}/${key.mnc}/${key.cellid}`);
        // cell_since is the phone's lastLocationTime for CAMARA Device Location: each placement is a new fix.
        await db.run(
          'set-cell',
          `UPDATE users SET current_mcc = $1, current_mnc = $2, current_cellid = $3, cell_since = $4
           WHERE key_hash = $5`,
          [key.mcc, key.mnc, key.cellid, Date.now(), keyHash(userKey)],
        );
      });
    },
  };
}

/** Cells added by hand or from a file, and listed. */
function cellAdmin(db: Database): Pick<PostgresAdmin, 'addCell' | 'addCells' | 'listCells'> {
  async function writeCell(cell: CellRecord): Promise<void> {
    await db.run(
      'upsert-cell',
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples, range, radio)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (mcc, mnc, cellid) DO UPDATE SET
         lac = excluded.lac, lat = excluded.lat, lon = excluded.lon, name = excluded.name,
         samples = excluded.samples, range = excluded.range, radio = excluded.radio, updated = NULL, origin = NULL`,
      cellValues(cell),
    );
  }
  return {
    addCell: (cell) => writeCell(cell),
    addCells(cells) {
      return db.transaction(async () => {
        let n = 0;
        for (const cell of cells) {
          await writeCell(cell);
          n++;
        }
        return n;
      });
    },
    async listCells(limit, offset = 0) {
      const rows = await db.query<CellRow>(
        'list-cells',
        `SELECT ${CELL_COLUMNS} FROM cells ORDER BY mcc, mnc, cellid LIMIT $1 OFFSET $2`,
        [limit, offset],
      );
      return rows.map(toCellRecord).filter(isCell);
    },
  };
}
