import { decodeJwt, createRemoteJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startOperator, type RunningOperator, type TestClient } from '../testing/camara-operator';

const CIBA = 'urn:openid:params:grant-type:ciba';
const SCOPE = 'openid dpv:FraudPreventionAndDetection location-retrieval:read';
const CONSENTED = 'tel:+358401234567'; // demo-user: has answered the authorization SMS
const PENDING = 'tel:+358401234568'; // demo-pending: has not

afterEach(() => vi.useRealTimers());

async function authorize(op: RunningOperator, form: Record<string, string>, client: TestClient = op.client) {
  return op.oidc('/backchannel', client, { scope: SCOPE, ...form });
}

async function poll(op: RunningOperator, authReqId: unknown, client: TestClient = op.client) {
  return op.oidc('/token', client, { grant_type: CIBA, auth_req_id: String(authReqId) });
}

/** The next poll of a patient client: the clock moved on by the interval. */
function wait(seconds: number): void {
  vi.setSystemTime(Date.now() + seconds * 1000);
}

describe('discovery and keys', () => {
  it('names the CIBA and token endpoints, poll mode, the grants, private_key_jwt and the scopes', async () => {
    const op = await startOperator();
    const response = await fetch(`${op.issuer}/.well-known/openid-configuration`);
    expect(response.status).toBe(200);
    const discovery = (await response.json()) as Record<string, unknown>;
    expect(discovery).toMatchObject({
      issuer: op.issuer,
      backchannel_authentication_endpoint: `${op.issuer}/backchannel`,
      token_endpoint: `${op.issuer}/token`,
      jwks_uri: `${op.issuer}/jwks`,
      backchannel_token_delivery_modes_supported: ['poll'],
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      scopes_supported: [
        'openid',
        'location-retrieval:read',
        'location-verification:verify',
        'geofencing-subscriptions:org.camaraproject.geofencing-subscriptions.v0.area-entered:create',
        'geofencing-subscriptions:org.camaraproject.geofencing-subscriptions.v0.area-left:create',
        'geofencing-subscriptions:read',
        'geofencing-subscriptions:delete',
      ],
    });
    expect(discovery.grant_types_supported).toEqual(expect.arrayContaining([CIBA, 'client_credentials']));
    expect(discovery.grant_types_supported).not.toContain('authorization_code');
    expect(discovery.token_endpoint_auth_signing_alg_values_supported).not.toContain('HS256');
    // Nothing is said of what is not served: no authorization endpoint (CIBA and client_credentials use none, RFC
    // 8414 section 2) and no user_code on a CIBA request (CIBA Core 1.0 section 4: false when absent).
    for (const name of [
      'authorization_endpoint',
      'response_modes_supported',
      'code_challenge_methods_supported',
      'authorization_response_iss_parameter_supported',
    ]) {
      expect(discovery).not.toHaveProperty(name);
    }
    expect(discovery.backchannel_user_code_parameter_supported).toBe(false);
    // The service's own headers and access log cover the provider's answers.
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    await vi.waitFor(() =>
      expect(op.lines).toEqual(
        expect.arrayContaining([
          expect.stringMatching(/^GET \/oidc\/\.well-known\/openid-configuration 200 /),
        ]),
      ),
    );
  });

  it('publishes the public halves of the signing keys only', async () => {
    const op = await startOperator();
    const { keys } = (await (await fetch(`${op.issuer}/jwks`)).json()) as {
      keys: Array<Record<string, unknown>>;
    };
    expect(keys.map((key) => key.kty).sort()).toEqual(['EC', 'RSA']);
    for (const key of keys)
      for (const secret of ['d', 'p', 'q', 'dp', 'dq', 'qi']) expect(key).not.toHaveProperty(secret);
  });

  it('uses the public URL for every endpoint, whatever Host the request names', async () => {
    const op = await startOperator();
    const response = await fetch(`${op.url}/oidc/.well-known/openid-configuration`, {
      headers: { 'X-Forwarded-Host': 'evil.example' },
    });
    expect(((await response.json()) as { token_endpoint: string }).token_endpoint).toBe(`${op.issuer}/token`);
  });
});

describe('CIBA poll mode (CAMARA Security and Interoperability Profile)', () => {
  it('gives a consented subscriber’s token at the first poll, with a pseudonymous ID token', async () => {
    const op = await startOperator();
    const request = await authorize(op, { login_hint: CONSENTED });
    expect(request).toMatchObject({
      status: 200,
      body: { expires_in: 120, interval: 5, auth_req_id: expect.any(String) },
    });
    const token = await poll(op, request.body.auth_req_id);
    expect(token.status).toBe(200);
    expect(token.body).toMatchObject({
      token_type: 'Bearer',
      expires_in: 300,
      scope: 'dpv:FraudPreventionAndDetection location-retrieval:read',
    });
    const idToken = await jwtVerify(
      String(token.body.id_token),
      createRemoteJWKSet(new URL(`${op.issuer}/jwks`)),
      {
        issuer: op.issuer,
        audience: op.client.id,
      },
    );
    // The sub is this client's pseudonym for the subscriber: no MSISDN, and another client gets another one.
    expect(idToken.payload.sub).not.toContain('358401234567');
    const other = await op.addClient('other-app');
    const theirs = await poll(
      op,
      (await authorize(op, { login_hint: CONSENTED }, other)).body.auth_req_id,
      other,
    );
    expect(decodeJwt(String(theirs.body.id_token)).sub).not.toBe(idToken.payload.sub);
  });

  it('says authorization_pending until the subscriber answers, then gives the token', async () => {
    const op = await startOperator();
    vi.useFakeTimers({ toFake: ['Date'] });
    const request = await authorize(op, { login_hint: PENDING });
    expect(await poll(op, request.body.auth_req_id)).toMatchObject({
      status: 400,
      body: { error: 'authorization_pending' },
    });
    wait(5);
    expect((await poll(op, request.body.auth_req_id)).body.error).toBe('authorization_pending');
    expect(await op.answer('358401234568', true)).toBe(1);
    wait(5);
    const token = await poll(op, request.body.auth_req_id);
    expect(token).toMatchObject({ status: 200, body: { access_token: expect.any(String) } });
    // Consumed: the request cannot be exchanged again.
    wait(5);
    expect(await poll(op, request.body.auth_req_id)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
  });

  it('says access_denied when the subscriber refuses, and withdraws the tokens they gave before', async () => {
    const op = await startOperator();
    const earlier = await poll(op, (await authorize(op, { login_hint: CONSENTED })).body.auth_req_id);
    const waiting = await authorize(op, { login_hint: PENDING });
    await op.answer('358401234568', false);
    expect(await poll(op, waiting.body.auth_req_id)).toMatchObject({
      status: 400,
      body: { error: 'access_denied' },
    });
    expect(JSON.stringify((await poll(op, waiting.body.auth_req_id)).body)).not.toContain('358');
    await op.store.camara.withdrawConsent('358401234567');
    const used = await op.api('/location-retrieval/v0.5/retrieve', String(earlier.body.access_token), {});
    expect(used.status).toBe(401);
  });

  it('says expired_token once the request’s life is over', async () => {
    const op = await startOperator();
    vi.useFakeTimers({ toFake: ['Date'] });
    const request = await authorize(op, { login_hint: PENDING });
    wait(121);
    expect(await poll(op, request.body.auth_req_id)).toMatchObject({
      status: 400,
      body: { error: 'expired_token' },
    });
    await op.answer('358401234568', true);
    expect((await poll(op, request.body.auth_req_id)).body.error).toBe('expired_token');
  });

  it('says slow_down to a client polling faster than the interval, and the interval grows by 5 s for good', async () => {
    const op = await startOperator();
    vi.useFakeTimers({ toFake: ['Date'] });
    const id = (await authorize(op, { login_hint: PENDING })).body.auth_req_id;
    expect((await poll(op, id)).body.error).toBe('authorization_pending');
    expect(await poll(op, id)).toMatchObject({ status: 400, body: { error: 'slow_down' } });
    wait(6);
    expect((await poll(op, id)).body).toMatchObject({
      error: 'slow_down',
      error_description: expect.stringContaining('15 seconds'),
    });
    wait(15);
    expect((await poll(op, id)).body.error).toBe('authorization_pending');
    // A decided request's token is never held back by the pace.
    await op.answer('358401234568', true);
    expect((await poll(op, id)).status).toBe(200);
  });

  it('says unknown_user_id for a number no subscriber has, and for every hint that is not tel:+E.164', async () => {
    const op = await startOperator();
    const hints = [
      'tel:+358409999999',
      'tel:358401234567',
      'tel:+358 40 1234567',
      '+358401234567',
      'ipport:80.90.34.2:16790',
      'operatortoken:abc',
      'sub:demo-user',
    ];
    for (const hint of hints) {
      expect(await authorize(op, { login_hint: hint }), hint).toMatchObject({
        status: 400,
        body: { error: 'unknown_user_id' },
      });
    }
  });

  it('accepts login_hint only: id_token_hint and login_hint_token are refused', async () => {
    const op = await startOperator();
    expect(await authorize(op, { login_hint_token: 'x.y.z' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect((await authorize(op, { id_token_hint: 'x.y.z' })).body.error).toBe('invalid_request');
    expect((await authorize(op, {})).body.error).toBe('invalid_request');
  });

  it('says invalid_scope for a scope without one purpose and a Device Location scope, invalid_request without openid', async () => {
    const op = await startOperator();
    for (const scope of [
      'openid location-retrieval:read',
      'openid dpv:A dpv:B location-retrieval:read',
      'openid dpv:FraudPreventionAndDetection',
      'openid dpv:FraudPreventionAndDetection location-retrieval:read sim-swap:check',
    ]) {
      expect(await authorize(op, { login_hint: CONSENTED, scope }), scope).toMatchObject({
        status: 400,
        body: { error: 'invalid_scope' },
      });
    }
    expect(
      (
        await authorize(op, {
          login_hint: CONSENTED,
          scope: 'dpv:FraudPreventionAndDetection location-retrieval:read',
        })
      ).body.error,
    ).toBe('invalid_request');
  });

  it('ignores binding_message, user_code and requested_expiry, as the profile asks', async () => {
    const op = await startOperator();
    const request = await authorize(op, {
      login_hint: CONSENTED,
      binding_message: 'Long message with spaces and ä',
      user_code: '1234',
      requested_expiry: '30',
    });
    expect(request).toMatchObject({ status: 200, body: { expires_in: 120 } });
  });

  it('says invalid_grant for another client’s request', async () => {
    const op = await startOperator();
    const request = await authorize(op, { login_hint: CONSENTED });
    const other = await op.addClient('other-app');
    expect(await poll(op, request.body.auth_req_id, other)).toMatchObject({
      status: 400,
      body: { error: 'invalid_grant' },
    });
    expect((await poll(op, 'no-such-request')).body.error).toBe('invalid_grant');
  });
});

describe('replicas over one database', () => {
  it('share the provider: a request made on one is answered, polled and used on the other', async () => {
    const first = await startOperator();
    const second = await startOperator({ replicaOf: first });
    expect(second.address).not.toBe(first.address);
    vi.useFakeTimers({ toFake: ['Date'] });
    const request = await authorize(first, { login_hint: PENDING });
    expect((await poll(second, request.body.auth_req_id)).body.error).toBe('authorization_pending');
    // Polled again at once, on the other replica: the pace is shared too.
    expect((await poll(first, request.body.auth_req_id)).body.error).toBe('slow_down');
    await second.answer('358401234568', true);
    wait(10);
    const token = await poll(first, request.body.auth_req_id);
    expect(token.status).toBe(200);
    const located = await second.api(
      '/location-retrieval/v0.5/retrieve',
      String(token.body.access_token),
      {},
    );
    expect(located.status).toBe(200);
  });
});
