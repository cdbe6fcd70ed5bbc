import { afterEach, describe, expect, it } from 'vitest';
import { CAMARA_CLIENT_ID, CAMARA_NUMBERS as N } from '../../../scripts/stand-ins/camara';
import { ASSERTION_LIFETIME_SECONDS } from './assertion';
import { startHarness, type Harness } from '../testing/camara-consumer';

let h: Harness;
afterEach(async () => h?.close());

const locate = { kind: 'locate', fresh: false } as const;

describe('CAMARA consumer: consent by CIBA and the area', () => {
  it('asks the subscriber, polls only after the interval, then shows the circle', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    const asked = await h.consumer.ask(me, locate);
    expect(asked).toEqual({
      state: 'pending',
      checkAgainSeconds: 5,
      expiresAt: new Date(h.clock.now + 120_000).toISOString(),
    });
    h.advance(4);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('pending');
    expect(h.standIn.polls).toEqual([]);
    h.advance(1);
    expect(await h.consumer.status(me, 'locate')).toEqual({
      state: 'located',
      area: { shape: 'circle', center: { lat: 60.1699, lon: 24.9384 }, radiusM: 1200 },
      lastLocationTime: new Date(h.clock.now - 30_000).toISOString(),
      answeredAt: new Date(h.clock.now).toISOString(),
    });
    expect(h.standIn.polls.map((poll) => poll.answer)).toEqual(['token']);
    // The three-legged token names the phone: no device in the body, and no maxAge unless a fresh fix is asked.
    expect(h.standIn.api).toHaveLength(1);
    expect(h.standIn.api[0]?.body).toBe('{}');
    expect(h.standIn.api[0]?.correlator).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('signs each request with a fresh private_key_jwt: iss = sub = client id, aud the endpoint, a short life', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    const start = Math.floor(h.clock.now / 1000);
    await h.consumer.ask(me, locate);
    h.advance(5);
    await h.consumer.status(me, 'locate');
    const [authorize, token] = h.standIn.assertions;
    expect(authorize?.endpoint).toBe(`${h.standIn.issuer}/bc-authorize`);
    expect(token?.endpoint).toBe(`${h.standIn.issuer}/token`);
    for (const [seen, at] of [
      [authorize, start],
      [token, start + 5],
    ] as const) {
      expect(seen?.header).toEqual({ alg: 'ES256', kid: h.key.kid, typ: 'JWT' });
      expect(seen?.claims).toMatchObject({
        iss: CAMARA_CLIENT_ID,
        sub: CAMARA_CLIENT_ID,
        aud: seen?.endpoint,
      });
      expect(seen?.claims.iat).toBe(at);
      expect(seen?.claims.exp).toBe(at + ASSERTION_LIFETIME_SECONDS);
      expect(ASSERTION_LIFETIME_SECONDS).toBeLessThanOrEqual(300);
    }
    expect(authorize?.claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    expect(token?.claims.jti).not.toBe(authorize?.claims.jti);
  });

  it('signs with RS256 when the key is RSA', async () => {
    h = await startHarness({ keyType: 'rsa' });
    const me = h.subscriber(N.atOnce);
    await h.consumer.ask(me, locate);
    h.advance(5);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
    expect(h.standIn.assertions.map((seen) => seen.header.alg)).toEqual(['RS256', 'RS256']);
  });

  it('keeps polling by itself while the owner decides, and never faster than the interval', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    await h.consumer.ask(me, locate);
    for (let poll = 0; poll < 3; poll++) {
      h.advance(5);
      expect(await h.consumer.status(me, 'locate')).toMatchObject({ state: 'pending', checkAgainSeconds: 5 });
    }
    expect(h.standIn.answer(N.approves, true)).toBe(true);
    h.advance(5);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
    expect(h.standIn.polls.map((poll) => poll.answer)).toEqual([
      'authorization_pending',
      'authorization_pending',
      'authorization_pending',
      'token',
    ]);
  });

  it('adds 5 s to the interval at each slow_down, for that poll and every later one', async () => {
    h = await startHarness();
    const me = h.subscriber(N.slowDown);
    const start = h.clock.now;
    await h.consumer.ask(me, locate);
    const seconds = () => h.standIn.polls.map((poll) => (poll.at - start) / 1000);
    for (let second = 1; second <= 21; second++) {
      h.advance(1);
      await h.consumer.status(me, 'locate');
    }
    // interval 2: slow_down at 2 (now 7), at 9 (now 12), the token at 21.
    expect(seconds()).toEqual([2, 9, 21]);
    expect(h.standIn.polls.map((poll) => poll.answer)).toEqual(['slow_down', 'slow_down', 'token']);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
  });

  it('polls every 5 s when the operator names no interval', async () => {
    h = await startHarness();
    const me = h.subscriber(N.noInterval);
    await h.consumer.ask(me, locate);
    h.advance(4);
    await h.consumer.status(me, 'locate');
    expect(h.standIn.polls).toEqual([]);
    h.advance(1);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
  });

  it('polls once when two reads find the poll due together', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    await h.consumer.ask(me, locate);
    h.advance(5);
    await Promise.all([h.consumer.status(me, 'locate'), h.consumer.status(me, 'locate')]);
    expect(h.standIn.polls).toHaveLength(1);
  });

  it('sends one request to the phone however often Locate is pressed while it waits', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    await h.consumer.ask(me, locate);
    h.advance(2);
    expect((await h.consumer.ask(me, { kind: 'locate', fresh: true })).state).toBe('pending');
    expect(h.standIn.assertions).toHaveLength(1);
    h.standIn.answer(N.approves, true);
    h.advance(3);
    await h.consumer.status(me, 'locate');
    // The newest wish is what is done: a fresh fix.
    expect(h.standIn.api[0]?.body).toBe('{"maxAge":60}');
  });

  it('draws a polygon with its centre and the distance to its farthest corner', async () => {
    h = await startHarness();
    const me = h.subscriber(N.polygon);
    await h.consumer.ask(me, locate);
    h.advance(5);
    const answer = await h.consumer.status(me, 'locate');
    if (answer?.state !== 'located' || answer.area.shape !== 'polygon') throw new Error('no polygon');
    expect(answer.area.points).toHaveLength(5);
    expect(answer.area.points[0]).toEqual({ lat: 61.5025, lon: 23.7412 });
    expect(answer.area.center.lat).toBeCloseTo(61.49468, 4);
    expect(answer.area.center.lon).toBeCloseTo(23.766, 3);
    expect(answer.area.radiusM).toBeGreaterThan(1500);
    expect(answer.area.radiusM).toBeLessThan(2500);
    expect(answer.lastLocationTime).toBe(new Date(h.clock.now - 90_000).toISOString());
  });
});
