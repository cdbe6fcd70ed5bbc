import type { CamaraStore, JsonObject } from '../camara-store';
import { createConsents } from './camara-consents';
import { createCamaraParties } from './camara-parties';
import type { Database } from './database';
import { HASHED_MODELS, hashedRecord } from '../record-ids';
import { isClearJwk, type JwkSeal } from '../sealed-jwk';

/* The ids by which oidc-provider looks records up besides their own: kept in columns so they are indexed. */
function indexOf(payload: JsonObject): Array<string | null> {
  const text = (key: string): string | null => {
    const value = payload[key];
    return typeof value === 'string' && value !== '' ? value : null;
  };
  return [text('grantId'), text('userCode'), text('uid'), text('clientId'), text('accountId')];
}

const LIVE = '(forget_at IS NULL OR forget_at > $3)';
/* A JSON field that is absent or null. */
const absent = (field: string) =>
  `(payload -> '${field}' IS NULL OR jsonb_typeof(payload -> '${field}') = 'null')`;
/* The subscriber's records are those of every pseudonym the subscriber has. */
const OF_SUBSCRIBER = 'account_id IN (SELECT sub FROM camara_subjects WHERE msisdn = $1)';

type Records = Pick<
  CamaraStore,
  | 'saveRecord'
  | 'findRecord'
  | 'findRecordBy'
  | 'consumeRecord'
  | 'deleteRecord'
  | 'deleteGrant'
  | 'pendingRequests'
>;

/** oidc-provider's records: requests, grants, codes and tokens, each a jsonb payload. */
function createRecords(db: Database): Records {
  const first = async (name: string, text: string, values: unknown[]) =>
    (await db.one<{ payload: JsonObject }>(name, text, values))?.payload;
  return {
    async saveRecord(model, id, payload, forgetAt) {
      await db.run(
        'oidc-save',
        `INSERT INTO oidc_records (model, id, payload, forget_at, grant_id, user_code, uid, client_id, account_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, forget_at = excluded.forget_at,
           grant_id = excluded.grant_id, user_code = excluded.user_code, uid = excluded.uid,
           client_id = excluded.client_id, account_id = excluded.account_id`,
        [model, id, JSON.stringify(payload), forgetAt ?? null, ...indexOf(payload)],
      );
    },
    findRecord(model, id, now) {
      return first('oidc-find', `SELECT payload FROM oidc_records WHERE model = $1 AND id = $2 AND ${LIVE}`, [
        model,
        id,
        now,
      ]);
    },
    findRecordBy(model, field, value, now) {
      const column = field === 'uid' ? 'uid' : 'user_code';
      return first(
        `oidc-find-${column}`,
        `SELECT payload FROM oidc_records WHERE model = $1 AND ${column} = $2 AND ${LIVE}`,
        [model, value, now],
      );
    },
    async consumeRecord(model, id, at) {
      const changed = await db.run(
        'oidc-consume',
        `UPDATE oidc_records SET payload = jsonb_set(payload, '{consumed}', to_jsonb($3::bigint))
         WHERE model = $1 AND id = $2 AND ${absent('consumed')}`,
        [model, id, at],
      );
      return changed === 1;
    },
    async deleteRecord(model, id) {
      await db.run('oidc-delete', 'DELETE FROM oidc_records WHERE model = $1 AND id = $2', [model, id]);
    },
    async deleteGrant(grantId) {
      await db.run(
        'oidc-delete-grant',
        "DELETE FROM oidc_records WHERE grant_id = $1 OR (model = 'Grant' AND id = $1)",
        [grantId],
      );
    },
    async pendingRequests(msisdn, now) {
      const rows = await db.query<{ id: string }>(
        'oidc-pending',
        `SELECT id FROM oidc_records
         WHERE model = 'BackchannelAuthenticationRequest' AND ${OF_SUBSCRIBER} AND (forget_at IS NULL OR forget_at > $2)
           AND ${absent('grantId')} AND ${absent('error')} AND (payload ->> 'exp')::numeric > $2
         ORDER BY (payload ->> 'iat')::numeric, id`,
        [msisdn, now],
      );
      return rows.map((row) => row.id);
    },
  };
}

/** The provider's housekeeping: forgetting what expired, the pace of CIBA polls and its signing keys. */
function createUpkeep(
  db: Database,
  seal: JwkSeal,
): Pick<CamaraStore, 'prune' | 'pacePoll' | 'signingKeys' | 'addSigningKeysIfNone'> {
  const stored = async (): Promise<JsonObject[]> =>
    (
      await db.query<{ jwk: JsonObject }>(
        'oidc-keys',
        'SELECT jwk FROM oidc_signing_keys ORDER BY created_at, kid',
      )
    ).map((row) => row.jwk);
  // Keys an older version stored in the clear are sealed the first time they are read (a replica that reads
  // them at the same time seals them too: the row takes one of the two, and either opens).
  const keys = async (): Promise<JsonObject[]> => {
    const found = await stored();
    for (const key of found.filter(isClearJwk)) {
      await db.run(
        'oidc-seal-key',
        "UPDATE oidc_signing_keys SET jwk = $1 WHERE kid = $2 AND NOT jwk ? 'sealed'",
        [JSON.stringify(await seal.seal(key)), String(key.kid)],
      );
    }
    return Promise.all(found.map((key) => seal.open(key)));
  };
  return {
    prune(now) {
      return db.transaction(
        async () =>
          (await db.run('oidc-prune', 'DELETE FROM oidc_records WHERE forget_at <= $1', [now])) +
          (await db.run('ciba-prune', 'DELETE FROM ciba_polls WHERE forget_at <= $1', [now])),
      );
    },
    async pacePoll(id, { now, interval, step, forgetAt }) {
      // One statement: polls of one request from several replicas at once wait on the row and see each other.
      const current = 'greatest($3::int, p.interval)';
      const row = await db.one<{ early: boolean; interval: number }>(
        'ciba-pace',
        `INSERT INTO ciba_polls AS p (id, polled_at, interval, forget_at) VALUES ($1, $2, $3, $5)
         ON CONFLICT (id) DO UPDATE SET
           interval = CASE WHEN $2 - p.polled_at < ${current} * 1000 THEN ${current} + $4 ELSE ${current} END,
           early = $2 - p.polled_at < ${current} * 1000,
           polled_at = excluded.polled_at
         RETURNING early, interval`,
        [id, now, interval, step, forgetAt],
      );
      return { early: row?.early ?? false, interval: row?.interval ?? interval };
    },
    signingKeys: keys,
    async addSigningKeysIfNone(candidates) {
      const sealed = await Promise.all(candidates.map((key) => seal.seal(key)));
      await db.transaction(async () => {
        // Replicas that start together each make keys: the first to take the lock stores its own.
        await db.run('oidc-keys-lock', 'LOCK TABLE oidc_signing_keys IN SHARE ROW EXCLUSIVE MODE');
        if ((await stored()).length > 0) return;
        const at = Date.now();
        for (const [index, key] of sealed.entries()) {
          await db.run(
            'oidc-add-key',
            'INSERT INTO oidc_signing_keys (kid, jwk, created_at) VALUES ($1, $2, $3)',
            [key.kid, JSON.stringify(key), at + index],
          );
        }
      });
      return keys();
    },
  };
}

/** The CAMARA operator's part of the PostgreSQL store (interface: store/camara-store.ts), shared by every replica. */
export function createCamaraStore(db: Database, seal: JwkSeal): CamaraStore {
  return {
    ...createCamaraParties(db),
    ...createConsents(db),
    ...createRecords(db),
    ...createUpkeep(db, seal),
  };
}

/**
 * Tokens an older version stored in the clear, under their own value: each moved to the hash of its id, without
 * its copy of the token, so it keeps working (record-ids.ts). Run at every open; none left, nothing done.
 */
export async function hashClearRecords(db: Database): Promise<number> {
  const clear = await db.query<{ model: string; id: string; payload: JsonObject }>(
    'oidc-clear-records',
    "SELECT model, id, payload FROM oidc_records WHERE model = ANY($1) AND payload ? 'jti'",
    [[...HASHED_MODELS]],
  );
  for (const row of clear) {
    const moved = hashedRecord(row);
    // A replica that opened at the same time may have moved it already: then this changes nothing.
    await db.run(
      'oidc-hash-record',
      "UPDATE oidc_records SET id = $1, payload = $2 WHERE model = $3 AND id = $4 AND payload ? 'jti'",
      [moved.id, JSON.stringify(moved.payload), row.model, row.id],
    );
  }
  return clear.length;
}
