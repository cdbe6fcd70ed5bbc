import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { startOperator, type RunningOperator } from '../testing/camara-operator';
import { demoStore } from '../testing/temp-stores';

/* Issue 34, item 20: the operator sandbox's phone, where a subscriber sees who asks for their location and answers.
   Only the subscriber's own user key opens it. */

const CIBA = 'urn:openid:params:grant-type:ciba';
const SCOPE = 'openid dpv:FraudPreventionAndDetection location-retrieval:read';

async function waitingRequest(op: RunningOperator, phone = '+358401234568'): Promise<string> {
  const request = await op.oidc('/backchannel', op.client, { scope: SCOPE, login_hint: `tel:${phone}` });
  return String(request.body.auth_req_id);
}

async function phone(op: RunningOperator, form: Record<string, string>) {
  const response = await fetch(`${op.address}/phone`, { method: 'POST', body: new URLSearchParams(form) });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

const poll = (op: RunningOperator, id: string) =>
  op.oidc('/token', op.client, { grant_type: CIBA, auth_req_id: id });

describe('the operator sandbox’s phone page', () => {
  it('asks for the user key first, as a page that runs nothing and posts only to itself', async () => {
    const op = await startOperator();
    await waitingRequest(op);
    const response = await fetch(`${op.address}/phone`);
    const text = await response.text();
    expect(response.status).toBe(200);
    expect(text).toContain('name="userKey"');
    expect(text).not.toContain('test-app');
    expect(response.headers.get('cache-control')).toBe('no-store');
    const policy = response.headers.get('content-security-policy') ?? '';
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("form-action 'self'");
    expect(text).not.toMatch(/<script|style=/);
  });

  it('shows nothing to a wrong key, and counts it as a failed key check against the address', async () => {
    const op = await startOperator({ rateLimit: { perSecond: 0.01, burst: 2 } });
    await waitingRequest(op);
    const wrong = await phone(op, { userKey: 'demo-pendin' });
    expect(wrong.status).toBe(403);
    expect(wrong.text).not.toContain('test-app');
    const limited = await phone(op, { userKey: 'demo-pending' });
    expect(limited.status).toBe(429);
    expect(limited.text).not.toContain('test-app');
  });

  it('lists who asks, why and for what, and approves one: the consumer’s poll gets its token', async () => {
    const op = await startOperator();
    const id = await waitingRequest(op);
    const listed = await phone(op, { userKey: 'demo-pending' });
    expect(listed.status).toBe(200);
    expect(listed.text).toContain('test-app asks');
    expect(listed.text).toContain('Fraud prevention and detection (dpv:FraudPreventionAndDetection)');
    expect(listed.text).toContain('where your phone is');
    const approved = await phone(op, { userKey: 'demo-pending', request: id, answer: 'approve' });
    expect(approved.text).toContain('Approved: test-app');
    expect(approved.text).toContain('No consent requests are waiting');
    expect((await poll(op, id)).status).toBe(200);
  });

  it('declines: access_denied; and one subscriber cannot answer another’s request', async () => {
    const op = await startOperator();
    const id = await waitingRequest(op);
    const other = await phone(op, { userKey: 'other-user', request: id, answer: 'approve' });
    expect(other.text).toContain('no longer waiting');
    expect((await poll(op, id)).body.error).toBe('authorization_pending');
    await phone(op, { userKey: 'demo-pending', request: id, answer: 'decline' });
    expect((await poll(op, id)).body.error).toBe('access_denied');
  });

  it('is not there unless enabled', async () => {
    const store = demoStore();
    const app = createApp({
      store,
      staticDir: null,
      camaraOperator: { store: store.camara, publicUrl: () => 'http://127.0.0.1:1' },
    });
    expect((await app.request('/phone')).status).toBe(404);
    expect((await app.request('/phone', { method: 'POST' })).status).toBe(404);
  });
});
