import { describe, expect, it } from 'vitest';
import {
  startOperator,
  twoLeggedToken,
  type RunningOperator,
  type TestClient,
} from '../../testing/camara-operator';

/* Issue 31, item 2: consent is per subscriber, consumer, purpose and scope. A subscriber's yes to one consumer was a
   yes to every consumer and purpose; one sms-reply approved every consumer's waiting request; a two-legged token
   read any consented subscriber's location. */

const CIBA = 'urn:openid:params:grant-type:ciba';
const FRAUD = 'dpv:FraudPreventionAndDetection';
const RETRIEVAL = 'location-retrieval:read';
const PENDING = '358401234568'; // demo-pending: has never answered
const REPLIED = '358501234569'; // other-user: answered the document's authorization SMS, no CAMARA consent
const RETRIEVE = '/location-retrieval/v0.5/retrieve';

/** A CIBA request and its first poll: the token, or the error the poll was told. */
async function ask(
  op: RunningOperator,
  client: TestClient,
  msisdn: string,
  scope = `${FRAUD} ${RETRIEVAL}`,
): Promise<{ id: string; first: string }> {
  const request = await op.oidc('/backchannel', client, {
    scope: `openid ${scope}`,
    login_hint: `tel:+${msisdn}`,
  });
  const id = String(request.body.auth_req_id);
  const poll = await op.oidc('/token', client, { grant_type: CIBA, auth_req_id: id });
  return { id, first: poll.status === 200 ? 'token' : String(poll.body.error) };
}

/** A poll of a CIBA request: its error, or (200) `token` and the access token. */
async function poll(
  op: RunningOperator,
  client: TestClient,
  id: string,
): Promise<{ said: string; token: string }> {
  const answer = await op.oidc('/token', client, { grant_type: CIBA, auth_req_id: id });
  return answer.status === 200
    ? { said: 'token', token: String(answer.body.access_token) }
    : { said: String(answer.body.error), token: '' };
}

describe('consent per consumer and purpose', () => {
  it('asks a subscriber who answered the document’s SMS: the reply is no consent to any consumer', async () => {
    const op = await startOperator();
    expect((await ask(op, op.client, REPLIED)).first).toBe('authorization_pending');
  });

  it('approves only the consumer answered; another consumer, purpose or scope waits for its own answer', async () => {
    const op = await startOperator();
    const other = await op.addClient('other-app');
    const mine = await ask(op, op.client, PENDING);
    const theirs = await ask(op, other, PENDING);
    expect([mine.first, theirs.first]).toEqual(['authorization_pending', 'authorization_pending']);
    expect(await op.answer(PENDING, true, op.client.id)).toBe(1);
    expect((await poll(op, op.client, mine.id)).said).toBe('token');
    // Still waiting (told to slow down when polled again within the interval, which a decided request never is).
    expect((await poll(op, other, theirs.id)).said).toMatch(/^(authorization_pending|slow_down)$/);
    // The consent is on record: the same consumer, purpose and scope consent at once; anything more is asked.
    expect((await ask(op, op.client, PENDING)).first).toBe('token');
    expect((await ask(op, op.client, PENDING, `dpv:Marketing ${RETRIEVAL}`)).first).toBe(
      'authorization_pending',
    );
    expect(
      (await ask(op, op.client, PENDING, `${FRAUD} ${RETRIEVAL} location-verification:verify`)).first,
    ).toBe('authorization_pending');
    expect((await ask(op, other, PENDING)).first).toBe('authorization_pending');
  });

  it('withdraws what a refused consumer was given, and only that consumer’s', async () => {
    const op = await startOperator();
    const other = await op.addClient('other-app');
    const mine = await ask(op, op.client, PENDING);
    const theirs = await ask(op, other, PENDING);
    await op.answer(PENDING, true);
    const [myPoll, theirPoll] = [await poll(op, op.client, mine.id), await poll(op, other, theirs.id)];
    expect([myPoll.said, theirPoll.said]).toEqual(['token', 'token']);
    const [myToken, theirToken] = [myPoll.token, theirPoll.token];
    const waiting = await ask(op, other, PENDING, `dpv:Marketing ${RETRIEVAL}`);
    expect(await op.answer(PENDING, false, other.id)).toBe(1);
    expect((await poll(op, other, waiting.id)).said).toBe('access_denied');
    expect((await op.api(RETRIEVE, theirToken, {})).status).toBe(401);
    expect((await op.api(RETRIEVE, myToken, {})).status).toBe(200);
    expect((await ask(op, other, PENDING)).first).toBe('authorization_pending');
  });

  it('lets the demo subscriber consent at once to any consumer and purpose', async () => {
    const op = await startOperator();
    const other = await op.addClient('other-app');
    expect((await ask(op, other, '358401234567', `dpv:Marketing ${RETRIEVAL}`)).first).toBe('token');
  });
});

describe('two-legged reads', () => {
  it('read only a subscriber who consented to that consumer, for that purpose, to that scope', async () => {
    const op = await startOperator({ twoLegged: true });
    const other = await op.addClient('other-app', { twoLegged: true });
    const read = async (client: TestClient, purpose: string, msisdn: string) => {
      const token = await twoLeggedToken(op, {
        client,
        scope: `${purpose} ${RETRIEVAL} location-verification:verify`,
      });
      return (await op.api(RETRIEVE, token, { device: { phoneNumber: `+${msisdn}` } })).status;
    };
    expect(await read(op.client, FRAUD, REPLIED)).toBe(404);
    expect(await read(op.client, FRAUD, PENDING)).toBe(404);
    await ask(op, op.client, PENDING);
    await op.answer(PENDING, true);
    expect(await read(op.client, FRAUD, PENDING)).toBe(200);
    expect(await read(op.client, 'dpv:Marketing', PENDING)).toBe(404);
    expect(await read(other, FRAUD, PENDING)).toBe(404);
    const token = await twoLeggedToken(op, { scope: `${FRAUD} location-verification:verify` });
    const verify = await op.api('/location-verification/v3/verify', token, {
      device: { phoneNumber: `+${PENDING}` },
      area: { areaType: 'CIRCLE', center: { latitude: 60.1689, longitude: 24.9317 }, radius: 2000 },
    });
    expect(verify.status).toBe(404);
    expect(await read(op.client, 'dpv:Marketing', '358401234567')).toBe(200);
  });
});
