import type Database from 'better-sqlite3';
import { ANY, type CamaraStore } from '../camara-store';

type Db = Database.Database;

/**
 * A subscriber's consents, one row per consumer, purpose and API scope, as CAMARA's consent records are kept (ICM,
 * "CAMARA APIs Access and User Consent Management"). A row of `*` for consumer, purpose and scope is a standing
 * consent: the demo subscriber's. No foreign key on client_id, so that `*` may stand there: removing a consumer
 * deletes its rows itself.
 */
export const CONSENT_TABLE = `
  CREATE TABLE camara_consents (
    msisdn TEXT NOT NULL,
    client_id TEXT NOT NULL,
    purpose TEXT NOT NULL,
    scope TEXT NOT NULL,
    granted_at INTEGER NOT NULL,
    PRIMARY KEY (msisdn, client_id, purpose, scope)
  ) WITHOUT ROWID;
  CREATE INDEX camara_consents_client ON camara_consents(client_id);
`;

/** The standing consent of the subscriber registered with `@userKey`'s hash (`@keyHash`), at `@at`. */
export const STANDING_CONSENT = `
  INSERT INTO camara_consents (msisdn, client_id, purpose, scope, granted_at)
  SELECT msisdn, '${ANY}', '${ANY}', '${ANY}', @at FROM users WHERE key_hash = @keyHash
  ON CONFLICT DO NOTHING`;

/* The subscriber's grants and tokens (not CIBA requests), of every consumer or one: by the pseudonyms it knows. */
const REVOKE = `DELETE FROM oidc_records WHERE model <> 'BackchannelAuthenticationRequest' AND account_id IN
  (SELECT sub FROM camara_subjects WHERE msisdn = @msisdn AND (@clientId IS NULL OR client_id = @clientId))`;

function prepare(db: Db) {
  return {
    record: db.prepare(
      `INSERT INTO camara_consents (msisdn, client_id, purpose, scope, granted_at)
       VALUES (@msisdn, @clientId, @purpose, @scope, @at)
       ON CONFLICT DO UPDATE SET granted_at = excluded.granted_at`,
    ),
    has: db.prepare<Record<string, unknown>, { n: number }>(
      `SELECT 1 AS n FROM camara_consents WHERE msisdn = @msisdn AND client_id IN (@clientId, '${ANY}')
         AND purpose IN (@purpose, '${ANY}') AND scope IN (@scope, '${ANY}') LIMIT 1`,
    ),
    withdraw: db.prepare(
      'DELETE FROM camara_consents WHERE msisdn = @msisdn AND (@clientId IS NULL OR client_id = @clientId)',
    ),
    revoke: db.prepare(REVOKE),
  };
}

/** The consents part of the SQLite CAMARA store (interface: store/camara-store.ts). */
export function createConsents(
  db: Db,
): Pick<CamaraStore, 'recordConsent' | 'hasConsent' | 'withdrawConsent'> {
  const q = prepare(db);
  return {
    async recordConsent({ msisdn, clientId, purpose, scopes }, at) {
      db.transaction(() => {
        for (const scope of scopes) q.record.run({ msisdn, clientId, purpose, scope, at });
      })();
    },
    async hasConsent({ msisdn, clientId, purpose, scopes }) {
      return (
        scopes.length > 0 &&
        scopes.every((scope) => q.has.get({ msisdn, clientId, purpose, scope }) !== undefined)
      );
    },
    async withdrawConsent(msisdn, clientId) {
      const which = { msisdn, clientId: clientId ?? null };
      return db.transaction(() => {
        q.withdraw.run(which);
        return q.revoke.run(which).changes;
      })();
    },
  };
}
