import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { postgresSkipped, testDatabase } from '../testing/postgres-database';
import { exited, output, processes } from '../testing/processes';
import { tempDir } from '../testing/temp-dir';

/*
 * The service as a CAMARA operator in two processes on one PostgreSQL, behind one public URL (a load balancer's):
 * an API consumer registered by the command line, a consent request made on one replica, polled on the other,
 * answered by the command line's sms-reply, and the token used on the first.
 */
const dir = tempDir('replicas-camara');
const { node, startService } = processes(dir);
const PUBLIC_URL = 'https://positioning.example';
const ISSUER = `${PUBLIC_URL}/oidc`;

async function cli(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number | null; text: string }> {
  const child = node([join('src', 'server', 'cli.ts'), ...argv], env);
  const out = output(child);
  const { code } = await exited(child);
  return { code, text: out.text() };
}

/** A POST of `form` to the provider's `path` on one replica, as the consumer (a private_key_jwt assertion). */
async function oidc(
  replica: string,
  path: string,
  key: KeyObject,
  form: Record<string, string>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID(), iat: now, exp: now + 60 })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer('shop-app')
    .setSubject('shop-app')
    .setAudience(`${ISSUER}${path}`)
    .sign(key);
  const response = await fetch(`${replica}/oidc${path}`, {
    method: 'POST',
    body: new URLSearchParams({
      ...form,
      client_id: 'shop-app',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe.skipIf(postgresSkipped)('the CAMARA operator on PostgreSQL, as two processes', () => {
  const database = testDatabase();

  it('shares consumers, consent requests, the SMS reply and tokens between both', async () => {
    const env = { DATABASE_URL: await database.another(), PUBLIC_URL };
    const [a, b] = await Promise.all([startService(env), startService(env)]);
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = join(dir, 'shop-app.pem');
    writeFileSync(pem, publicKey.export({ type: 'spki', format: 'pem' }));

    // Refused by both until the command line registers it; then known to both.
    for (const replica of [a.url, b.url]) {
      const unknown = await oidc(replica, '/backchannel', privateKey, { scope: 'openid', login_hint: 'x' });
      expect(unknown).toMatchObject({ status: 401, body: { error: 'invalid_client' } });
    }
    const added = await cli(env, 'camara-client', 'add', 'shop-app', pem);
    expect(added.code, added.text).toBe(0);
    expect((await cli(env, 'camara-client', 'list')).text).toMatch(/^shop-app\tCIBA\tEC P-256 key /m);

    // demo-pending (+358401234568) has not answered the authorization SMS: the request waits.
    const request = await oidc(a.url, '/backchannel', privateKey, {
      scope: 'openid dpv:FraudPreventionAndDetection location-retrieval:read',
      login_hint: 'tel:+358401234568',
    });
    expect(request.status).toBe(200);
    const poll = (replica: string) =>
      oidc(replica, '/token', privateKey, {
        grant_type: 'urn:openid:params:grant-type:ciba',
        auth_req_id: String(request.body.auth_req_id),
      });
    expect((await poll(b.url)).body.error).toBe('authorization_pending');

    const reply = await cli(env, 'sms-reply', 'demo-pending');
    expect(reply.code, reply.text).toBe(0);
    expect(reply.text).toContain('Approved 1 waiting CAMARA consent request.');
    const token = await poll(b.url);
    expect(token.status, JSON.stringify(token.body)).toBe(200);

    const located = await fetch(`${a.url}/camara/location-retrieval/v0.5/retrieve`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${String(token.body.access_token)}`,
      },
      body: '{}',
    });
    expect(located.status).toBe(200);
    expect(await located.json()).toMatchObject({ area: { areaType: 'CIRCLE' } });
  }, 120_000);
});
