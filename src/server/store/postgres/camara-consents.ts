import { ANY, type CamaraStore } from '../camara-store';
import type { Database } from './database';

/** The consents part of the PostgreSQL CAMARA store (interface: store/camara-store.ts; the table: migration 007). */
export function createConsents(
  db: Database,
): Pick<CamaraStore, 'recordConsent' | 'hasConsent' | 'withdrawConsent'> {
  return {
    async recordConsent({ msisdn, clientId, purpose, scopes }, at) {
      await db.run(
        'camara-record-consent',
        `INSERT INTO camara_consents (msisdn, client_id, purpose, scope, granted_at)
         SELECT $1, $2, $3, scope, $5 FROM unnest($4::text[]) AS scope
         ON CONFLICT (msisdn, client_id, purpose, scope) DO UPDATE SET granted_at = excluded.granted_at`,
        [msisdn, clientId, purpose, [...scopes], at],
      );
    },
    async hasConsent({ msisdn, clientId, purpose, scopes }) {
      if (scopes.length === 0) return false;
      // Every scope asked must be found, in a row of its own or a standing consent's.
      const row = await db.one<{ missing: number }>(
        'camara-has-consent',
        `SELECT count(*)::int AS missing FROM unnest($4::text[]) AS asked (scope)
         WHERE NOT EXISTS (SELECT 1 FROM camara_consents AS c WHERE c.msisdn = $1
           AND c.client_id IN ($2, '${ANY}') AND c.purpose IN ($3, '${ANY}') AND c.scope IN (asked.scope, '${ANY}'))`,
        [msisdn, clientId, purpose, [...scopes]],
      );
      return row?.missing === 0;
    },
    withdrawConsent(msisdn, clientId) {
      return db.transaction(async () => {
        await db.run(
          'camara-withdraw-consent',
          'DELETE FROM camara_consents WHERE msisdn = $1 AND ($2::text IS NULL OR client_id = $2)',
          [msisdn, clientId ?? null],
        );
        return db.run(
          'camara-revoke',
          `DELETE FROM oidc_records WHERE model <> 'BackchannelAuthenticationRequest' AND account_id IN
             (SELECT sub FROM camara_subjects WHERE msisdn = $1 AND ($2::text IS NULL OR client_id = $2))`,
          [msisdn, clientId ?? null],
        );
      });
    },
  };
}
