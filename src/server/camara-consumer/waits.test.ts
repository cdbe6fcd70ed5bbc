import { afterEach, describe, expect, it } from 'vitest';
import { CAMARA_NUMBERS as N } from '../../../scripts/stand-ins/camara';
import { startHarness, type Harness } from '../testing/camara-consumer';
import { MAX_CONSENT_WAIT_SECONDS, MAX_INTERVAL_SECONDS } from './ciba';
import { radiusRefusal } from './failures';
import { RADIUS_LIMITS } from '../camara-operator/verify';

let h: Harness;
afterEach(async () => h?.close());

const locate = { kind: 'locate', fresh: false } as const;
const consentRequests = () =>
  h.standIn.assertions.filter((seen) => seen.endpoint.endsWith('/bc-authorize')).length;

describe('CAMARA consumer: what a wait says', () => {
  it('says the owner is asked only once the operator says so (authorization_pending)', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    const asked = await h.consumer.ask(me, locate);
    expect(asked).toMatchObject({ state: 'pending' });
    expect(asked).not.toHaveProperty('ownerAsked');
    h.advance(5);
    expect(await h.consumer.status(me, 'locate')).toMatchObject({ state: 'pending', ownerAsked: true });
    h.advance(1);
    expect(await h.consumer.status(me, 'locate')).toMatchObject({ state: 'pending', ownerAsked: true });
  });

  it('a poll the operator fails is told at once; the same request is polled and reused, then answered', async () => {
    h = await startHarness();
    const me = h.subscriber(N.flaky);
    await h.consumer.ask(me, locate);
    h.advance(5);
    await h.consumer.status(me, 'locate');
    h.standIn.tokenDown(N.flaky, true);
    h.advance(5);
    const troubled = await h.consumer.status(me, 'locate');
    expect(troubled).toMatchObject({ state: 'pending', operatorTrouble: true, ownerAsked: true });
    // Locate again while the operator is down: the same request, no second one to the phone.
    expect(await h.consumer.ask(me, locate)).toMatchObject({ state: 'pending', operatorTrouble: true });
    h.advance(5);
    expect(await h.consumer.status(me, 'locate')).toMatchObject({ state: 'pending', operatorTrouble: true });
    h.standIn.tokenDown(N.flaky, false);
    h.standIn.answer(N.flaky, true);
    h.advance(5);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
    expect(consentRequests()).toBe(1);
    expect(h.standIn.polls.map((poll) => poll.answer)).toEqual([
      'authorization_pending',
      'down',
      'down',
      'token',
    ]);
  });
});

describe('CAMARA consumer: Cancel', () => {
  it('ends the wait as cancelled; a new Locate before the request runs out takes it up again', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    const first = await h.consumer.ask(me, locate);
    h.advance(5);
    await h.consumer.status(me, 'locate');
    expect(await h.consumer.cancel(me, 'locate')).toEqual({ state: 'failed', reason: 'cancelled' });
    expect(await h.consumer.status(me, 'locate')).toEqual({ state: 'failed', reason: 'cancelled' });
    h.advance(1);
    const again = await h.consumer.ask(me, locate);
    expect(again).toMatchObject({ state: 'pending', ownerAsked: true });
    expect(again.state === 'pending' && first.state === 'pending' && again.expiresAt).toBe(
      first.state === 'pending' && first.expiresAt,
    );
    h.standIn.answer(N.approves, true);
    h.advance(5);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
    expect(consentRequests()).toBe(1);
  });

  it('asks anew once the cancelled request has run out', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    await h.consumer.ask(me, locate);
    await h.consumer.cancel(me, 'locate');
    h.advance(121);
    await h.consumer.ask(me, locate);
    expect(consentRequests()).toBe(2);
  });

  it('has nothing to cancel when nothing was asked, and leaves an answer as it is', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    expect(await h.consumer.cancel(me, 'locate')).toBeUndefined();
    await h.consumer.ask(me, locate);
    h.advance(5);
    await h.consumer.status(me, 'locate');
    expect((await h.consumer.cancel(me, 'locate'))?.state).toBe('located');
  });
});

describe('CAMARA consumer: a hostile operator cannot hold a user’s Locate', () => {
  it('a request that lives a day with endless slow_down: the wait ends within the service’s own bound', async () => {
    h = await startHarness();
    const me = h.subscriber(N.dayLongWait);
    const start = h.clock.now;
    const asked = await h.consumer.ask(me, locate);
    expect(asked).toMatchObject({
      expiresAt: new Date(start + MAX_CONSENT_WAIT_SECONDS * 1000).toISOString(),
    });
    let answer = await h.consumer.status(me, 'locate');
    while (answer?.state === 'pending') {
      h.advance(1);
      answer = await h.consumer.status(me, 'locate');
    }
    expect(answer).toEqual({ state: 'failed', reason: 'expired' });
    expect(h.clock.now - start).toBe(MAX_CONSENT_WAIT_SECONDS * 1000);
    // The interval grew by 5 s at each slow_down, up to its bound, and no further.
    const gaps = h.standIn.polls.slice(1).map((poll, i) => (poll.at - (h.standIn.polls[i]?.at ?? 0)) / 1000);
    expect(Math.max(...gaps)).toBe(MAX_INTERVAL_SECONDS);
    expect(gaps.slice(0, 3)).toEqual([10, 15, 20]);
    // The next Locate asks anew at once: it was not held for the day the operator named.
    await h.consumer.ask(me, locate);
    expect(consentRequests()).toBe(2);
  });
});

describe('CAMARA consumer: the limits an operator names for a radius', () => {
  const invalid = (message: string) =>
    JSON.stringify({ status: 422, code: 'LOCATION_VERIFICATION.INVALID_AREA', message });

  it('reads the range of Cellpos’s own operator, and which way the radius was wrong', () => {
    const message = `The requested area is too large: the radius must be from ${RADIUS_LIMITS.min} to ${RADIUS_LIMITS.max} m.`;
    expect(radiusRefusal(invalid(message), 201_000)).toEqual({ way: 'large', minM: 1000, maxM: 200_000 });
    expect(radiusRefusal(invalid(message), 500)).toEqual({ way: 'small', minM: 1000, maxM: 200_000 });
  });

  it.each([
    ['The radius must be at least 2 km', 500, { way: 'small', minM: 2000 }],
    ['Maximum radius: 50,000 metres', 60_000, { way: 'large', maxM: 50_000 }],
    ['The requested area is too large', 60_000, { way: 'large' }],
    // The spec's own meaning of INVALID_AREA when the operator says nothing more.
    ['The requested area is too small', 500, { way: 'small' }],
    ['', 500, { way: 'small' }],
  ])('%j, %i m asked: %o', (message, asked, refusal) => {
    expect(radiusRefusal(invalid(message), asked)).toEqual(refusal);
  });
});
