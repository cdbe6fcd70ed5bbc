import { generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { startSink } from './testing/geofence-sink';
import { exited, output, processes } from './testing/processes';
import { tempDir } from './testing/temp-dir';

/*
 * End to end, the service as it runs (main.ts, its own process, a SQLite file): an API consumer registered by the
 * command line, a three-legged token for the demo subscriber, a geofencing subscription with a sink on loopback;
 * the command line's set-cell moves the phone out of the area, and the sink hears area-left within 10 s, with its
 * bearer, as a CloudEvent. Then DELETE, and subscription-ended.
 */
const dir = tempDir('system-geofencing');
const { node, startService } = processes(dir);
const PATH = '/camara/geofencing-subscriptions/v0.5/subscriptions';
const SCOPE =
  'openid dpv:FraudPreventionAndDetection geofencing-subscriptions:read geofencing-subscriptions:delete ' +
  'geofencing-subscriptions:org.camaraproject.geofencing-subscriptions.v0.area-left:create';

async function cli(
  env: Record<string, string>,
  ...argv: string[]
): Promise<{ code: number | null; text: string }> {
  const child = node([join('src', 'server', 'cli.ts'), ...argv], env);
  const out = output(child);
  const { code } = await exited(child);
  return { code, text: out.text() };
}

async function oidc(url: string, path: string, key: KeyObject, form: Record<string, string>) {
  const now = Math.floor(Date.now() / 1000);
  const assertion = await new SignJWT({ jti: randomUUID(), iat: now, exp: now + 60 })
    .setProtectedHeader({ alg: 'ES256' })
    .setIssuer('shop-app')
    .setSubject('shop-app')
    .setAudience(`${url}/oidc${path}`)
    .sign(key);
  const response = await fetch(`${url}/oidc${path}`, {
    method: 'POST',
    body: new URLSearchParams({
      ...form,
      client_id: 'shop-app',
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: assertion,
    }),
  });
  return (await response.json()) as Record<string, unknown>;
}

describe('geofencing, end to end', () => {
  it('tells a loopback sink that the phone left, within 10 s of set-cell, and that the subscription ended', async () => {
    const env = { POSITIONING_DB: join(dir, 'geofencing.db') };
    const service = await startService(env);
    const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const pem = join(dir, 'shop-app.pem');
    writeFileSync(pem, publicKey.export({ type: 'spki', format: 'pem' }));
    expect((await cli(env, 'camara-client', 'add', 'shop-app', pem)).code).toBe(0);
    // The service's PUBLIC_URL is its listen address here: the issuer is that and /oidc.
    const request = await oidc(service.url, '/backchannel', privateKey, {
      scope: SCOPE,
      login_hint: 'tel:+358401234567',
    });
    const token = await oidc(service.url, '/token', privateKey, {
      grant_type: 'urn:openid:params:grant-type:ciba',
      auth_req_id: String(request.auth_req_id),
    });
    expect(token.access_token, JSON.stringify(token)).toEqual(expect.any(String));
    const bearer = { Authorization: `Bearer ${String(token.access_token)}` };
    const sink = await startSink();
    const created = await fetch(`${service.url}${PATH}`, {
      method: 'POST',
      headers: { ...bearer, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        protocol: 'HTTP',
        sink: sink.url,
        sinkCredential: {
          credentialType: 'ACCESSTOKEN',
          accessToken: 'e2e-sink-token',
          accessTokenExpiresUtc: new Date(Date.now() + 3_600_000).toISOString(),
          accessTokenType: 'bearer',
        },
        types: ['org.camaraproject.geofencing-subscriptions.v0.area-left'],
        config: {
          subscriptionDetail: {
            area: { areaType: 'CIRCLE', center: { latitude: 60.1689, longitude: 24.9317 }, radius: 5000 },
          },
        },
      }),
    });
    const subscription = (await created.json()) as { id: string };
    expect(created.status, JSON.stringify(subscription)).toBe(201);
    await sink.received(1, 10_000);

    // The phone moves as the command line ends (its own process takes seconds to start on a busy machine).
    expect((await cli(env, 'set-cell', 'demo-user', '244', '91', '400101')).code).toBe(0);
    const moved = Date.now();
    const [, left] = await sink.received(2, 10_000);
    expect(Date.now() - moved).toBeLessThan(10_000);
    expect(left?.headers.authorization).toBe('Bearer e2e-sink-token');
    expect(left?.headers['content-type']).toBe('application/cloudevents+json');
    expect(left?.body).toMatchObject({
      specversion: '1.0',
      type: 'org.camaraproject.geofencing-subscriptions.v0.area-left',
      data: { subscriptionId: subscription.id },
    });

    const deleted = await fetch(`${service.url}${PATH}/${subscription.id}`, {
      method: 'DELETE',
      headers: bearer,
    });
    expect(deleted.status).toBe(204);
    const [, , ended] = await sink.received(3, 10_000);
    expect(ended?.body).toMatchObject({ data: { terminationReason: 'SUBSCRIPTION_DELETED' } });
  }, 90_000);
});
