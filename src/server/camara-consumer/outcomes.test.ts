import { afterEach, describe, expect, it } from 'vitest';
import { CAMARA_NUMBERS as N } from '../../../scripts/stand-ins/camara';
import type { CamaraAnswer } from '../../api/camara';
import { startHarness, type Harness } from '../testing/camara-consumer';
import type { Subscriber } from './context';

let h: Harness;
afterEach(async () => h?.close());

const locate = { kind: 'locate', fresh: false } as const;
const RETRIEVE_SCOPE = 'openid dpv:RequestedServiceProvision location-retrieval:read';

/** Asks, lets the interval pass and reads the outcome (the subscriber consents at once unless the number says). */
async function locateOnce(me: Subscriber, fresh = false): Promise<CamaraAnswer | undefined> {
  const asked = await h.consumer.ask(me, { kind: 'locate', fresh });
  if (asked.state !== 'pending') return asked;
  h.advance(5);
  return h.consumer.status(me, 'locate');
}

describe('CAMARA consumer: the token is the service’s, kept per user and scope', () => {
  it('asks no new consent within the token’s life, and asks again after it', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    expect((await locateOnce(me))?.state).toBe('located');
    h.advance(600);
    expect((await h.consumer.ask(me, locate)).state).toBe('located');
    expect(h.standIn.assertions.filter((seen) => seen.endpoint.endsWith('/bc-authorize'))).toHaveLength(1);
    expect(h.standIn.api).toHaveLength(2);
    // The stand-in's tokens live an hour from the poll at 5 s; the consumer stops using one 30 s before its end.
    h.advance(3600 - 30 - 600 - 1);
    expect((await h.consumer.ask(me, locate)).state).toBe('located');
    h.advance(1);
    expect((await h.consumer.ask(me, locate)).state).toBe('pending');
  });

  it('keeps the token sealed in the store, never in the clear', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    await locateOnce(me);
    const [issued] = h.standIn.issued();
    const held = await h.context.store.getToken(me.userId, RETRIEVE_SCOPE, h.clock.now);
    expect(issued).toBeDefined();
    expect(held?.sealed).toMatch(/^eyJ[\w-]+\.\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(held?.sealed).not.toContain(issued);
    expect(await h.context.seal.open(held?.sealed ?? '', { ...me, scope: RETRIEVE_SCOPE })).toBe(issued);
  });

  it('opens a sealed token in its own row only: copied to another user’s, it is not used, and that user is asked', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    const other = h.subscriber(N.atOnce);
    expect((await locateOnce(me))?.state).toBe('located');
    const held = await h.context.store.getToken(me.userId, RETRIEVE_SCOPE, h.clock.now);
    if (held === undefined) throw new Error('no token held');
    await h.context.store.putToken(other.userId, RETRIEVE_SCOPE, { ...held, msisdn: other.msisdn });
    const verifyScope = RETRIEVE_SCOPE.replace('location-retrieval:read', 'location-verification:verify');
    expect(await h.context.seal.open(held.sealed, { ...me, scope: verifyScope })).toBeUndefined();
    expect(await h.context.seal.open(held.sealed, { ...other, scope: RETRIEVE_SCOPE })).toBeUndefined();
    expect((await h.consumer.ask(other, locate)).state).toBe('pending');
    expect(await h.context.store.getToken(other.userId, RETRIEVE_SCOPE, h.clock.now)).toBeUndefined();
  });

  it('asks the subscriber again when the operator no longer takes the token (consent withdrawn)', async () => {
    h = await startHarness();
    const me = h.subscriber(N.approves);
    h.standIn.answer(N.approves, true);
    await h.consumer.ask(me, locate);
    h.standIn.answer(N.approves, true);
    h.advance(5);
    expect((await h.consumer.status(me, 'locate'))?.state).toBe('located');
    h.standIn.revoke(N.approves);
    expect((await h.consumer.ask(me, locate)).state).toBe('pending');
    expect(h.log.some((line) => line.includes('token refused, consent asked again'))).toBe(true);
  });

  it('does not use a retrieval token to verify: verification asks for its own scope', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    await locateOnce(me);
    const asked = await h.consumer.ask(me, {
      kind: 'verify',
      center: { lat: 60.17, lon: 24.94 },
      radiusM: 5000,
    });
    expect(asked.state).toBe('pending');
  });

  it('forgets a token issued for another number when the user’s number changes', async () => {
    h = await startHarness();
    const me = h.subscriber(N.atOnce);
    await locateOnce(me);
    expect((await h.consumer.ask({ ...me, msisdn: N.polygon.slice(1) }, locate)).state).toBe('pending');
  });
});

describe('CAMARA consumer: each way it can end', () => {
  it.each([
    [N.refuses, 'refused'],
    [N.unlocatable, 'unable-to-locate'],
    [N.deviceNotFound, 'unable-to-locate'],
    [N.notApplicable, 'not-applicable'],
    [N.apiDown, 'operator-down'],
    [N.apiRedirects, 'operator-down'],
  ])('%s ends %s', async (number, reason) => {
    h = await startHarness();
    expect(await locateOnce(h.subscriber(number))).toEqual({ state: 'failed', reason });
  });

  it('tells an unknown number at once, without waiting', async () => {
    h = await startHarness();
    expect(await h.consumer.ask(h.subscriber(N.unknown), locate)).toEqual({
      state: 'failed',
      reason: 'unknown-number',
    });
  });

  it('asks the operator nothing about a number that is not international', async () => {
    h = await startHarness();
    const me = h.subscriber('+0401234567');
    expect(await h.consumer.ask(me, locate)).toEqual({ state: 'failed', reason: 'number-not-international' });
    expect(h.standIn.assertions).toEqual([]);
  });

  it('ends expired when the subscriber never answers', async () => {
    h = await startHarness();
    const me = h.subscriber(N.neverAnswers);
    await h.consumer.ask(me, locate);
    for (let second = 0; second < 7; second++) {
      h.advance(1);
      expect((await h.consumer.status(me, 'locate'))?.state).toBe('pending');
    }
    h.advance(1);
    expect(await h.consumer.status(me, 'locate')).toEqual({ state: 'failed', reason: 'expired' });
    expect(h.standIn.polls.map((poll) => poll.answer)).toEqual([
      'authorization_pending',
      'authorization_pending',
      'authorization_pending',
    ]);
  });

  it('asks for a fresh fix with maxAge, and never passes an old fix off as fresh', async () => {
    h = await startHarness();
    const me = h.subscriber(N.staleFix);
    expect(await locateOnce(me, true)).toEqual({ state: 'failed', reason: 'no-fresh-fix' });
    expect(h.standIn.api[0]?.body).toBe('{"maxAge":60}');
    const any = await h.consumer.ask(me, locate);
    expect(any).toMatchObject({
      state: 'located',
      lastLocationTime: new Date(h.clock.now - 7_200_000).toISOString(),
    });
  });

  it('keeps polling a failing token endpoint, saying so, until the request runs out; then the operator is down', async () => {
    h = await startHarness();
    const me = h.subscriber(N.tokenDown);
    await h.consumer.ask(me, locate);
    for (let poll = 0; poll < 3; poll++) {
      h.advance(5);
      expect(await h.consumer.status(me, 'locate')).toMatchObject({
        state: 'pending',
        operatorTrouble: true,
      });
    }
    h.advance(120);
    expect(await h.consumer.status(me, 'locate')).toEqual({ state: 'failed', reason: 'operator-down' });
  });

  it('keeps polling a token endpoint that never answers, saying so, until the request runs out', async () => {
    h = await startHarness({ timeoutMs: 200 });
    const me = h.subscriber(N.tokenHangs);
    await h.consumer.ask(me, locate);
    for (let poll = 0; poll < 3; poll++) {
      h.advance(5);
      expect(await h.consumer.status(me, 'locate')).toMatchObject({
        state: 'pending',
        operatorTrouble: true,
      });
    }
    expect(h.standIn.polls.map((poll) => poll.answer)).toEqual(['hang', 'hang', 'hang']);
    h.advance(120);
    expect(await h.consumer.status(me, 'locate')).toEqual({ state: 'failed', reason: 'operator-down' });
  });

  it('gives up on an API that never answers within the deadline', async () => {
    h = await startHarness({ timeoutMs: 300 });
    expect(await locateOnce(h.subscriber(N.apiHangs))).toEqual({ state: 'failed', reason: 'operator-slow' });
  });
});

describe('CAMARA consumer: a malformed answer shows nothing and names its field', () => {
  it.each([
    [N.radiusMissing, 'area.radius'],
    [N.latitudeOutOfRange, 'area.center.latitude'],
    [N.latitudeAsText, 'area.center.latitude'],
    [N.polygonTwoPoints, 'area.boundary'],
    [N.polygonSixteenPoints, 'area.boundary'],
    [N.unknownAreaType, 'area.areaType'],
    [N.timeWithoutZone, 'lastLocationTime'],
    [N.timeInFuture, 'lastLocationTime'],
    [N.htmlPage, 'Content-Type'],
    [N.notJson, 'body'],
    [N.hugeBody, 'body'],
    [N.otherDevice, 'device'],
    [N.wrongCorrelator, 'x-correlator'],
    [N.tokenNotBearer, 'token_type'],
  ])('%s: %s', async (number, field) => {
    h = await startHarness();
    expect(await locateOnce(h.subscriber(number))).toEqual({
      state: 'failed',
      reason: 'operator-malformed',
      field,
    });
    expect(h.log.join('\n')).toContain('operator-malformed');
  });
});

describe('CAMARA consumer: verification', () => {
  async function verify(center: { lat: number; lon: number }, radiusM: number) {
    const me = h.subscriber(N.atOnce);
    const asked = await h.consumer.ask(me, { kind: 'verify', center, radiusM });
    if (asked.state !== 'pending') return asked;
    h.advance(5);
    return h.consumer.status(me, 'verify');
  }

  it('answers TRUE when the network’s area lies inside the circle', async () => {
    h = await startHarness();
    expect(await verify({ lat: 60.17, lon: 24.94 }, 5000)).toEqual({
      state: 'verified',
      result: 'TRUE',
      circle: { center: { lat: 60.17, lon: 24.94 }, radiusM: 5000 },
      lastLocationTime: new Date(h.clock.now - 30_000).toISOString(),
      answeredAt: new Date(h.clock.now).toISOString(),
    });
    expect(JSON.parse(h.standIn.api[0]?.body ?? '')).toEqual({
      area: { areaType: 'CIRCLE', center: { latitude: 60.17, longitude: 24.94 }, radius: 5000 },
    });
  });

  it('answers FALSE far away', async () => {
    h = await startHarness();
    const answer = await verify({ lat: 61.4978, lon: 23.761 }, 5000);
    expect(answer).toMatchObject({ state: 'verified', result: 'FALSE' });
    expect(answer).not.toHaveProperty('matchRate');
  });

  it('answers PARTIAL with a match rate from 1 to 99 where the areas overlap', async () => {
    h = await startHarness();
    // 1 km north of the network's centre: the network's 1,200 m circle sticks out of a 1,500 m one.
    const answer = await verify({ lat: 60.1789, lon: 24.9384 }, 1500);
    if (answer?.state !== 'verified') throw new Error(`not verified: ${JSON.stringify(answer)}`);
    expect(answer.result).toBe('PARTIAL');
    expect(answer.matchRate).toBeGreaterThanOrEqual(1);
    expect(answer.matchRate).toBeLessThanOrEqual(99);
  });

  it.each([
    [{ lat: 60.17, lon: 24.94 }, 500, 'radius-refused'],
    [{ lat: 59.33, lon: 18.07 }, 5000, 'area-not-covered'],
  ])('%o within %i m: %s', async (center, radiusM, reason) => {
    h = await startHarness();
    expect(await verify(center, radiusM)).toMatchObject({ state: 'failed', reason });
  });

  it.each([
    [500, 'small'],
    [201_000, 'large'],
  ])(
    'a radius of %i m the operator refuses: too %s, with the limits its error names',
    async (radiusM, way) => {
      h = await startHarness();
      expect(await verify({ lat: 60.17, lon: 24.94 }, radiusM)).toEqual({
        state: 'failed',
        reason: 'radius-refused',
        radius: { way, minM: 1000, maxM: 200_000 },
      });
    },
  );
});
