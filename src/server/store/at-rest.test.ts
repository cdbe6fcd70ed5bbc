import { exportJWK, generateKeyPair } from 'jose';
import { describe, expect, it } from 'vitest';
import { storeAdapter } from '../camara-operator/oidc/adapter';
import type { JsonObject } from './camara-store';
import { hashedRecordId } from './record-ids';
import { storeEngines } from '../testing/store-engines';

async function privateJwk(kid: string): Promise<JsonObject> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  return { ...(await exportJWK(privateKey)), kid, alg: 'ES256', use: 'sig' };
}

const text = (rows: Array<Record<string, unknown>>): string => JSON.stringify(rows);
const quoted = (value: unknown): string => `'${JSON.stringify(value).replaceAll("'", "''")}'`;
const later = (): number => Math.floor(Date.now() / 1000) + 300;

/* Secrets at rest (docs/security.md, "At rest"): the provider's private keys sealed, tokens kept by their hash. */
for (const engine of storeEngines('cellpos-at-rest-')) {
  describe.skipIf(engine.skip)(`secrets at rest on ${engine.name}`, () => {
    it('keeps the signing keys sealed, and opens them again after a restart', async () => {
      const store = await engine.open();
      const jwk = await privateJwk('k1');
      expect(await store.camara.addSigningKeysIfNone([jwk])).toEqual([jwk]);
      const rows = text(await engine.rows(store, 'SELECT kid, jwk FROM oidc_signing_keys'));
      expect(rows).not.toContain(String(jwk.d));
      expect(rows).toContain('sealed');
      expect(await (await engine.reopen(store)).camara.signingKeys()).toEqual([jwk]);
    });

    it('seals the signing keys an older version stored in the clear, and they keep working', async () => {
      const store = await engine.open();
      const jwk = await privateJwk('old');
      await engine.exec(
        store,
        `INSERT INTO oidc_signing_keys (kid, jwk, created_at) VALUES ('old', ${quoted(jwk)}, 1)`,
      );
      const again = await engine.reopen(store);
      expect(await again.camara.signingKeys()).toEqual([jwk]);
      expect(text(await engine.rows(store, 'SELECT jwk FROM oidc_signing_keys'))).not.toContain(
        String(jwk.d),
      );
      expect(await again.camara.signingKeys()).toEqual([jwk]);
    });

    it('keeps a token under its hash, without the token, and finds, consumes and deletes it by the token', async () => {
      const store = await engine.open();
      const tokens = storeAdapter(store.camara)('AccessToken');
      const token = 'aT0kenOnlyItsHolderKnows-0123456789abcdefgh';
      await tokens.upsert(token, { jti: token, kind: 'AccessToken', exp: later(), grantId: 'g1' }, 300);
      const rows = text(await engine.rows(store, 'SELECT id, payload FROM oidc_records'));
      expect(rows).not.toContain(token);
      expect(rows).toContain(hashedRecordId(token));
      expect(await tokens.find(token)).toMatchObject({ jti: token, grantId: 'g1' });
      await tokens.consume(token);
      expect(await tokens.find(token)).toHaveProperty('consumed');
      await tokens.destroy(token);
      expect(await tokens.find(token)).toBeUndefined();
    });

    it('moves the tokens an older version stored in the clear to their hash when it opens, and they keep working', async () => {
      const store = await engine.open();
      const token = 'aT0kenStoredInTheClearByAnOlderVersion-0123';
      const payload = { jti: token, kind: 'AccessToken', exp: later(), accountId: 'sub-1' };
      const request = { jti: 'req-1', kind: 'BackchannelAuthenticationRequest', exp: later() };
      await engine.exec(
        store,
        `INSERT INTO oidc_records (model, id, payload, forget_at, account_id) VALUES
           ('AccessToken', '${token}', ${quoted(payload)}, ${later()}, 'sub-1'),
           ('BackchannelAuthenticationRequest', 'req-1', ${quoted(request)}, ${later()}, NULL)`,
      );
      const again = await engine.reopen(store);
      const rows = text(await engine.rows(store, 'SELECT id, payload FROM oidc_records'));
      expect(rows).not.toContain(token);
      expect(await storeAdapter(again.camara)('AccessToken').find(token)).toMatchObject(payload);
      // A CIBA request keeps its id: the subscriber's answer finds it by it (store/record-ids.ts).
      expect(
        await storeAdapter(again.camara)('BackchannelAuthenticationRequest').find('req-1'),
      ).toMatchObject(request);
    });
  });
}
