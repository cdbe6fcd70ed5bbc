import type Database from 'better-sqlite3';
import type { CamaraStore, JsonObject } from '../camara-store';
import { createConsents } from './camara-consents';
import { createCamaraParties } from './camara-parties';
import { HASHED_MODELS, hashedRecord } from '../record-ids';
import { isClearJwk, type JwkSeal } from '../sealed-jwk';

type Db = Database.Database;

/* The ids by which oidc-provider looks records up besides their own: kept in columns so they are indexed. */
function indexOf(payload: JsonObject) {
  const text = (key: string): string | null => {
    const value = payload[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return {
    grantId: text('grantId'),
    userCode: text('userCode'),
    uid: text('uid'),
    clientId: text('clientId'),
    accountId: text('accountId'),
  };
}

function parse(row: { payload: string } | undefined): JsonObject | undefined {
  return row === undefined ? undefined : (JSON.parse(row.payload) as JsonObject);
}

const LIVE = '(forget_at IS NULL OR forget_at > @now)';
/* The subscriber's records are those of every pseudonym the subscriber has. */
const OF_SUBSCRIBER = 'account_id IN (SELECT sub FROM camara_subjects WHERE msisdn = @msisdn)';

function prepare(db: Db) {
  return {
    save: db.prepare(
      `INSERT INTO oidc_records (model, id, payload, forget_at, grant_id, user_code, uid, client_id, account_id)
       VALUES (@model, @id, @payload, @forgetAt, @grantId, @userCode, @uid, @clientId, @accountId)
       ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, forget_at = excluded.forget_at,
         grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
         client_id = excluded.client_id, account_id = excluded.account_id`,
    ),
    find: db.prepare<Record<string, unknown>, { payload: string }>(
      `SELECT payload FROM oidc_records WHERE model = @model AND id = @id AND ${LIVE}`,
    ),
    findByUid: db.prepare<Record<string, unknown>, { payload: string }>(
      `SELECT payload FROM oidc_records WHERE model = @model AND uid = @value AND ${LIVE}`,
    ),
    findByUserCode: db.prepare<Record<string, unknown>, { payload: string }>(
      `SELECT payload FROM oidc_records WHERE model = @model AND user_code = @value AND ${LIVE}`,
    ),
    consume: db.prepare(
      `UPDATE oidc_records SET payload = json_set(payload, '$.consumed', @at)
       WHERE model = @model AND id = @id AND json_extract(payload, '$.consumed') IS NULL`,
    ),
    delete: db.prepare('DELETE FROM oidc_records WHERE model = @model AND id = @id'),
    deleteGrant: db.prepare(
      'DELETE FROM oidc_records WHERE grant_id = @grantId OR (model = @grant AND id = @grantId)',
    ),
    pending: db.prepare<Record<string, unknown>, { id: string }>(
      `SELECT id FROM oidc_records
       WHERE model = 'BackchannelAuthenticationRequest' AND ${OF_SUBSCRIBER} AND ${LIVE}
         AND json_extract(payload, '$.grantId') IS NULL AND json_extract(payload, '$.error') IS NULL
         AND json_extract(payload, '$.exp') > @now
       ORDER BY json_extract(payload, '$.iat'), id`,
    ),
    pruneRecords: db.prepare('DELETE FROM oidc_records WHERE forget_at <= @now'),
    prunePolls: db.prepare('DELETE FROM ciba_polls WHERE forget_at <= @now'),
    lastPoll: db.prepare<[string], { polled_at: number; interval: number }>(
      'SELECT polled_at, interval FROM ciba_polls WHERE id = ?',
    ),
    poll: db.prepare(
      `INSERT INTO ciba_polls (id, polled_at, interval, forget_at) VALUES (@id, @now, @interval, @forgetAt)
       ON CONFLICT (id) DO UPDATE SET polled_at = excluded.polled_at, interval = excluded.interval`,
    ),
    keys: db.prepare<[], { jwk: string }>('SELECT jwk FROM oidc_signing_keys ORDER BY created_at, kid'),
    addKey: db.prepare<[string, string, number]>(
      'INSERT INTO oidc_signing_keys (kid, jwk, created_at) VALUES (?, ?, ?)',
    ),
    sealKey: db.prepare<[string, string, string]>(
      'UPDATE oidc_signing_keys SET jwk = ? WHERE kid = ? AND jwk = ?',
    ),
  };
}

/**
 * Tokens an older version stored in the clear, under their own value: each moved to the hash of its id, without
 * its copy of the token, so it keeps working (store/record-ids.ts). Run at every open; none left, nothing done.
 */
export function hashClearRecords(db: Db): number {
  const models = [...HASHED_MODELS];
  const clear = db
    .prepare<string[], { model: string; id: string; payload: string }>(
      `SELECT model, id, payload FROM oidc_records
       WHERE model IN (${models.map(() => '?').join(', ')}) AND json_extract(payload, '$.jti') IS NOT NULL`,
    )
    .all(...models);
  if (clear.length === 0) return 0;
  const move = db.prepare('UPDATE oidc_records SET id = ?, payload = ? WHERE model = ? AND id = ?');
  overwriting(db, () => {
    for (const row of clear) {
      const moved = hashedRecord({ ...row, payload: JSON.parse(row.payload) as JsonObject });
      move.run(moved.id, JSON.stringify(moved.payload), row.model, row.id);
    }
  });
  return clear.length;
}

/* `work` in a transaction whose freed content (a clear token, a clear key) is overwritten with zeros in the file,
   not left in a free page. */
function overwriting(db: Db, work: () => void): void {
  const secureDelete = db.pragma('secure_delete', { simple: true }) as number;
  db.pragma('secure_delete = ON');
  try {
    db.transaction(work)();
  } finally {
    db.pragma(`secure_delete = ${secureDelete}`);
  }
}

/** The CAMARA operator's part of the SQLite store (interface: store/camara-store.ts). */
export function createCamaraStore(db: Db, seal: JwkSeal): CamaraStore {
  const q = prepare(db);
  // Keys an older version stored in the clear are sealed the first time they are read.
  const keys = async (): Promise<JsonObject[]> => {
    const rows = q.keys.all();
    const found = rows.map((row) => JSON.parse(row.jwk) as JsonObject);
    for (const [index, key] of found.entries()) {
      if (!isClearJwk(key)) continue;
      const sealed = JSON.stringify(await seal.seal(key));
      overwriting(db, () => q.sealKey.run(sealed, String(key.kid), rows[index]?.jwk ?? ''));
    }
    return Promise.all(found.map((key) => seal.open(key)));
  };
  return {
    ...createCamaraParties(db),
    ...createConsents(db),
    async saveRecord(model, id, payload, forgetAt) {
      q.save.run({
        model,
        id,
        payload: JSON.stringify(payload),
        forgetAt: forgetAt ?? null,
        ...indexOf(payload),
      });
    },
    async findRecord(model, id, now) {
      return parse(q.find.get({ model, id, now }));
    },
    async findRecordBy(model, field, value, now) {
      return parse((field === 'uid' ? q.findByUid : q.findByUserCode).get({ model, value, now }));
    },
    async consumeRecord(model, id, at) {
      return q.consume.run({ model, id, at }).changes === 1;
    },
    async deleteRecord(model, id) {
      q.delete.run({ model, id });
    },
    async deleteGrant(grantId) {
      q.deleteGrant.run({ grantId, grant: 'Grant' });
    },
    async pendingRequests(msisdn, now) {
      return q.pending.all({ msisdn, now }).map((row) => row.id);
    },
    async prune(now) {
      return db.transaction(() => q.pruneRecords.run({ now }).changes + q.prunePolls.run({ now }).changes)();
    },
    async pacePoll(id, { now, interval, step, forgetAt }) {
      return db
        .transaction(() => {
          const last = q.lastPoll.get(id);
          const current = Math.max(interval, last?.interval ?? 0);
          const early = last !== undefined && now - last.polled_at < current * 1000;
          const next = early ? current + step : current;
          q.poll.run({ id, now, interval: next, forgetAt });
          return { early, interval: next };
        })
        .immediate();
    },
    signingKeys: keys,
    async addSigningKeysIfNone(candidates) {
      const sealed = await Promise.all(candidates.map((key) => seal.seal(key)));
      db.transaction(() => {
        if (q.keys.all().length > 0) return;
        const at = Date.now();
        for (const [index, key] of sealed.entries()) q.addKey.run(key.kid, JSON.stringify(key), at + index);
      }).immediate();
      return keys();
    },
  };
}
