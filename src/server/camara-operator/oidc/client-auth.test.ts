import { describe, expect, it } from 'vitest';
import { impostor, startOperator, type RunningOperator } from '../../testing/camara-operator';

const SCOPE = 'openid dpv:FraudPreventionAndDetection location-retrieval:read';
const ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** A CIBA request with a hand-made client assertion. */
async function authorizeWith(op: RunningOperator, form: Record<string, string>) {
  const response = await fetch(`${op.issuer}/backchannel`, {
    method: 'POST',
    body: new URLSearchParams({ scope: SCOPE, login_hint: 'tel:+358401234567', ...form }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const now = () => Math.floor(Date.now() / 1000);

describe('private_key_jwt client authentication: invalid_client for a bad assertion', () => {
  it('accepts the client’s own signed assertion', async () => {
    const op = await startOperator();
    const assertion = await op.client.assertion(`${op.issuer}/backchannel`);
    expect(
      (await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: assertion })).status,
    ).toBe(200);
  });

  it('refuses an assertion signed with another key, an unknown client, and none at all', async () => {
    const op = await startOperator();
    const forged = await (await impostor(op.client.id)).assertion(`${op.issuer}/backchannel`);
    const stranger = await (await impostor('nobody')).assertion(`${op.issuer}/backchannel`);
    for (const assertion of [forged, stranger]) {
      expect(
        await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: assertion }),
      ).toMatchObject({
        status: 401,
        body: { error: 'invalid_client' },
      });
    }
    expect(await authorizeWith(op, {})).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    expect(await authorizeWith(op, { client_id: op.client.id })).toMatchObject({
      status: 401,
      body: { error: 'invalid_client' },
    });
  });

  it('refuses an expired assertion, one living over 300 s, and one expiring more than 300 s ahead', async () => {
    const op = await startOperator();
    const aud = `${op.issuer}/backchannel`;
    const claims = [
      { iat: now() - 120, exp: now() - 60 },
      { iat: now() - 200, exp: now() + 200 },
      { iat: undefined, exp: now() + 600 },
    ];
    for (const claim of claims) {
      const assertion = await op.client.assertion(aud, claim);
      expect(
        await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: assertion }),
        JSON.stringify(claim),
      ).toMatchObject({
        status: 401,
        body: { error: 'invalid_client' },
      });
    }
  });

  it('refuses another audience, a sub that is not the client, and an assertion used twice', async () => {
    const op = await startOperator();
    for (const claims of [{ aud: 'https://elsewhere.example/token' }, { sub: 'someone-else' }]) {
      const assertion = await op.client.assertion(`${op.issuer}/backchannel`, claims);
      expect(
        (await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: assertion })).body
          .error,
      ).toBe('invalid_client');
    }
    const once = await op.client.assertion(`${op.issuer}/backchannel`);
    expect(
      (await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: once })).status,
    ).toBe(200);
    expect(
      (await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: once })).body.error,
    ).toBe('invalid_client');
  });

  it('accepts the issuer and the token endpoint as audiences too', async () => {
    const op = await startOperator();
    for (const aud of [op.issuer, `${op.issuer}/token`]) {
      const assertion = await op.client.assertion(aud);
      expect(
        (await authorizeWith(op, { client_assertion_type: ASSERTION, client_assertion: assertion })).status,
      ).toBe(200);
    }
  });

  it('refuses a removed client at once, with its tokens', async () => {
    const op = await startOperator();
    const request = await op.oidc('/backchannel', op.client, {
      scope: SCOPE,
      login_hint: 'tel:+358401234567',
    });
    const token = await op.oidc('/token', op.client, {
      grant_type: 'urn:openid:params:grant-type:ciba',
      auth_req_id: String(request.body.auth_req_id),
    });
    expect(await op.store.camara.removeClient(op.client.id)).toBe(true);
    expect(
      (await op.oidc('/backchannel', op.client, { scope: SCOPE, login_hint: 'tel:+358401234567' })).body
        .error,
    ).toBe('invalid_client');
    expect(
      (await op.api('/location-retrieval/v0.5/retrieve', String(token.body.access_token), {})).status,
    ).toBe(401);
  });
});

describe('client_credentials: two-legged tokens for consumers that agreed on them', () => {
  const scope = 'dpv:FraudPreventionAndDetection location-verification:verify';

  it('are refused to a consumer registered for CIBA only', async () => {
    const op = await startOperator();
    expect(await op.oidc('/token', op.client, { grant_type: 'client_credentials', scope })).toMatchObject({
      status: 400,
      body: { error: 'unauthorized_client' },
    });
  });

  it('are given with the scope asked, and refused with invalid_scope without a purpose', async () => {
    const op = await startOperator({ twoLegged: true });
    expect(await op.oidc('/token', op.client, { grant_type: 'client_credentials', scope })).toMatchObject({
      status: 200,
      body: { token_type: 'Bearer', expires_in: 300, scope },
    });
    const unscoped = await op.oidc('/token', op.client, {
      grant_type: 'client_credentials',
      scope: 'location-verification:verify',
    });
    expect(unscoped).toMatchObject({ status: 400, body: { error: 'invalid_scope' } });
  });
});
