import { describe, expect, it } from 'vitest';
import { startOperator, type RunningOperator, type TestClient } from '../../testing/camara-operator';

/* Issue 31, item 3: 200 login_hints in 1.2 s got no 429 (197 unknown_user_id, 3 found). A consumer may try only so
   many distinct unknown numbers a minute; past that every hint it sends, known or not, is 429. */

const SCOPE = 'openid dpv:FraudPreventionAndDetection location-retrieval:read';

async function hint(op: RunningOperator, number: string, client: TestClient = op.client) {
  const response = await fetch(`${op.address}/oidc/backchannel`, {
    method: 'POST',
    body: new URLSearchParams({
      scope: SCOPE,
      login_hint: `tel:+${number}`,
      client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
      client_assertion: await client.assertion(`${op.issuer}/backchannel`),
    }),
  });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

describe('the backchannel’s limit of unknown numbers per consumer', () => {
  it('refuses a consumer sweeping numbers: 429, Retry-After and OAuth’s error JSON, for a known number too', async () => {
    const op = await startOperator({ unknownNumbers: 3 });
    for (const number of ['358409990001', '358409990002', '358409990003']) {
      expect((await hint(op, number)).body.error).toBe('unknown_user_id');
    }
    const refused = await hint(op, '358409990004');
    expect(refused).toMatchObject({ status: 429, body: { error: 'temporarily_unavailable' } });
    expect(refused.body.error_description).toContain('unknown numbers');
    expect(Number(refused.retryAfter)).toBeGreaterThanOrEqual(1);
    // A subscriber's number is refused alike: the answer tells the sweeper nothing.
    expect(await hint(op, '358401234567')).toMatchObject({ status: 429, body: refused.body });
    // Another consumer is not held back by this one's sweep.
    const other = await op.addClient('other-app');
    expect((await hint(op, '358401234567', other)).status).toBe(200);
  });

  it('counts a number tried again within the minute once', async () => {
    const op = await startOperator({ unknownNumbers: 2 });
    for (let i = 0; i < 5; i++) expect((await hint(op, '358409990001')).status).toBe(400);
    expect((await hint(op, '358409990002')).status).toBe(400);
    expect((await hint(op, '358401234567')).status).toBe(429);
  });
});
