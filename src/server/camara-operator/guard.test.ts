import { describe, expect, it } from 'vitest';
import { startOperator, threeLeggedToken, twoLeggedToken } from '../testing/camara-operator';
import { CORRELATOR, expectError } from '../testing/camara-spec-checks';

const RETRIEVE = '/location-retrieval/v0.5/retrieve';

describe('the Device Location routes’ guard and HTTP handling', () => {
  it('checks the x-correlator’s pattern: 400, and an invalid one is not echoed', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    for (const correlator of ['has space', 'a'.repeat(257), 'quote"d', 'ä']) {
      const response = await op.api(RETRIEVE, token, {}, { 'x-correlator': correlator });
      await expectError(response, 400, 'INVALID_ARGUMENT');
      expect(response.headers.get('x-correlator')).toBeNull();
    }
    const fine = await op.api(RETRIEVE, token, {}, { 'x-correlator': 'a-_:;./<>{}Z9' });
    expect(fine.headers.get('x-correlator')).toBe('a-_:;./<>{}Z9');
  });

  it('answers other methods 405 with Allow: POST, other paths 404, in the specs’ error form', async () => {
    const op = await startOperator();
    const get = await fetch(`${op.apiRoot}${RETRIEVE}`);
    expect(get.headers.get('allow')).toBe('POST');
    await expectError(get, 405, 'METHOD_NOT_ALLOWED');
    await expectError(
      await fetch(`${op.apiRoot}/location-retrieval/v0.4/retrieve`, { method: 'POST' }),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses a body that is not JSON, not application/json, or over 16 KB', async () => {
    const op = await startOperator();
    const token = await threeLeggedToken(op);
    await expectError(await op.api(RETRIEVE, token, '{"maxAge":'), 400, 'INVALID_ARGUMENT');
    await expectError(await op.api(RETRIEVE, token, '[]'), 400, 'INVALID_ARGUMENT');
    await expectError(
      await op.api(RETRIEVE, token, '{}', { 'Content-Type': 'text/plain' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    const big = JSON.stringify({ maxAge: 60, padding: 'x'.repeat(17 * 1024) });
    await expectError(await op.api(RETRIEVE, token, big), 400, 'INVALID_ARGUMENT');
  });

  it('carries the service’s security headers, as the API’s: nothing runs, nothing frames, nothing is cached', async () => {
    const op = await startOperator();
    const response = await op.api(RETRIEVE, await threeLeggedToken(op), {});
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('cache-control')).toBe('no-store');
  });

  it('limits each API consumer on its own: 429 TOO_MANY_REQUESTS with Retry-After, the others go on', async () => {
    const op = await startOperator({ rateLimit: { perSecond: 0.01, burst: 2 } });
    const other = await op.addClient('other-app');
    const [mine, theirs] = [await threeLeggedToken(op), await threeLeggedToken(op, { client: other })];
    expect((await op.api(RETRIEVE, mine, {})).status).toBe(200);
    expect((await op.api(RETRIEVE, mine, {})).status).toBe(200);
    const limited = await op.api(RETRIEVE, mine, {}, { 'x-correlator': CORRELATOR });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // CAMARA's words (CAMARA_common.yaml, GENERIC_429_TOO_MANY_REQUESTS): a consumer has no service key.
    expect(((await limited.clone().json()) as { message: string }).message).toBe('Rate limit reached.');
    await expectError(limited, 429, 'TOO_MANY_REQUESTS', CORRELATOR);
    expect((await op.api(RETRIEVE, theirs, {})).status).toBe(200);
  });

  it('charges failed tokens to the client’s address: guessing tokens runs out the address, not a consumer', async () => {
    const op = await startOperator({ rateLimit: { perSecond: 0.01, burst: 2 } });
    await expectError(await op.api(RETRIEVE, 'guess-1', {}), 401, 'UNAUTHENTICATED');
    const guessed = await op.api(RETRIEVE, 'guess-2', {});
    expect(((await guessed.clone().json()) as { message: string }).message).toBe('Rate limit reached.');
    await expectError(guessed, 429, 'TOO_MANY_REQUESTS');
  });

  it('tells a two-legged client nothing more of a subscriber who has not consented than of a number that is no one’s', async () => {
    const op = await startOperator({ twoLegged: true });
    const token = await twoLeggedToken(op);
    const ask = async (phoneNumber: string) => {
      const response = await op.api(RETRIEVE, token, { device: { phoneNumber } });
      return { status: response.status, body: await response.text() };
    };
    const notConsented = await ask('+358401234568');
    expect(notConsented.status).toBe(404);
    expect(notConsented).toEqual(await ask('+358409999999'));
  });
});

describe('the provider’s endpoints behind the same limits', () => {
  it('count against the client’s address, and a failed client authentication against its failures', async () => {
    const op = await startOperator({ rateLimit: { perSecond: 0.01, burst: 2 } });
    const bogus = () =>
      fetch(`${op.issuer}/token`, {
        method: 'POST',
        body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'nobody' }),
      });
    expect((await bogus()).status).toBe(401);
    const limited = await bogus();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await limited.json()).toMatchObject({ error: 'temporarily_unavailable' });
  });
});
