import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CamaraConsumerStore, ConsumerQuestion } from '../store/camara-consumer-store';

/** One store of the engine under test, with the few writes the suite needs that are not the consumer store's. */
export interface ConsumerStoreFixture {
  store: CamaraConsumerStore;
  /** Registers a user with the MSISDN (digits); returns the user's id. */
  addUser(msisdn: string): Promise<number>;
  /** Removes the user as the admin command line does. */
  removeUser(userId: number): Promise<void>;
  close(): Promise<void>;
}

const NOW = 1_800_000_000_000;
const SCOPE = 'openid dpv:RequestedServiceProvision location-retrieval:read';

/**
 * The consumer store's contract, run against every implementation: `open` makes an empty store (the schema
 * migrated, no demo data) for each test.
 */
export function consumerStoreSuite(engine: string, open: () => Promise<ConsumerStoreFixture>): void {
  describe(`CAMARA consumer store on ${engine}`, () => {
    let fixture: ConsumerStoreFixture;
    let store: CamaraConsumerStore;
    let userId: number;
    const question = (change: Partial<ConsumerQuestion> = {}): ConsumerQuestion => ({
      userId,
      kind: 'locate',
      attempt: 'a1',
      msisdn: '358501000001',
      ask: '{"kind":"locate","fresh":false}',
      failures: 0,
      busyUntil: NOW + 60_000,
      updatedAt: NOW,
      ...change,
    });
    const consent = { authReqId: 'r1', expiresAt: NOW + 120_000, intervalSeconds: 5, nextPollAt: NOW + 5000 };

    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
      userId = await fixture.addUser('358501000001');
    });
    afterEach(async () => fixture.close());

    it('keeps a token per user and scope until it expires', async () => {
      await store.putToken(userId, SCOPE, { sealed: 's1', msisdn: '358501000001', expiresAt: NOW + 1000 });
      expect(await store.getToken(userId, SCOPE, NOW)).toEqual({
        sealed: 's1',
        msisdn: '358501000001',
        expiresAt: NOW + 1000,
      });
      expect(await store.getToken(userId, 'openid dpv:X location-retrieval:read', NOW)).toBeUndefined();
      expect(await store.getToken(userId, SCOPE, NOW + 1000)).toBeUndefined();
      await store.putToken(userId, SCOPE, { sealed: 's2', msisdn: '358501000001', expiresAt: NOW + 5000 });
      expect((await store.getToken(userId, SCOPE, NOW + 1000))?.sealed).toBe('s2');
      await store.deleteToken(userId, SCOPE);
      expect(await store.getToken(userId, SCOPE, NOW)).toBeUndefined();
    });

    it('starts one try at a time, and none while the subscriber is being asked', async () => {
      expect(await store.startQuestion(question(), NOW)).toBe(true);
      expect(await store.startQuestion(question({ attempt: 'a2' }), NOW + 1000)).toBe(false);
      await store.updateQuestion(userId, 'locate', 'a1', { consent, busyUntil: undefined }, NOW + 1000);
      expect(await store.startQuestion(question({ attempt: 'a2' }), NOW + 2000)).toBe(false);
      // Once the subscriber's request has run out, a new try may start.
      expect(await store.startQuestion(question({ attempt: 'a3' }), NOW + 120_000)).toBe(true);
      expect((await store.getQuestion(userId, 'locate'))?.attempt).toBe('a3');
    });

    it('lets a new try replace an answered question, and a try whose worker never came back', async () => {
      await store.startQuestion(question(), NOW);
      await store.updateQuestion(
        userId,
        'locate',
        'a1',
        { answer: '{"state":"located"}', busyUntil: undefined },
        NOW,
      );
      expect(await store.startQuestion(question({ attempt: 'a2' }), NOW + 1)).toBe(true);
      expect(await store.startQuestion(question({ attempt: 'a3' }), NOW + 60_001)).toBe(true);
    });

    it('gives a due poll to one caller only', async () => {
      await store.startQuestion(question(), NOW);
      await store.updateQuestion(userId, 'locate', 'a1', { consent, busyUntil: undefined }, NOW);
      expect(await store.claimPoll(userId, 'locate', 'a1', NOW + 4999, NOW + 60_000)).toBe(false);
      const claims = await Promise.all(
        [1, 2, 3].map(() => store.claimPoll(userId, 'locate', 'a1', NOW + 5000, NOW + 65_000)),
      );
      expect(claims.filter(Boolean)).toHaveLength(1);
      expect(await store.claimPoll(userId, 'locate', 'other', NOW + 70_000, NOW + 80_000)).toBe(false);
      // A claim whose worker never came back runs out.
      expect(await store.claimPoll(userId, 'locate', 'a1', NOW + 65_000, NOW + 80_000)).toBe(true);
    });

    it('lets only the try that owns the question change it', async () => {
      await store.startQuestion(question(), NOW);
      expect(
        await store.updateQuestion(userId, 'locate', 'old', { answer: '{}', busyUntil: undefined }, NOW),
      ).toBe(false);
      expect(
        await store.updateQuestion(
          userId,
          'locate',
          'a1',
          { consent, failures: 2, busyUntil: undefined },
          NOW,
        ),
      ).toBe(true);
      expect(await store.getQuestion(userId, 'locate')).toEqual({
        ...question(),
        consent,
        failures: 2,
        busyUntil: undefined,
        updatedAt: NOW,
      });
      expect(
        await store.updateQuestion(
          userId,
          'locate',
          'a1',
          { ask: '{"kind":"locate","fresh":true}', answer: '{"state":"failed"}', busyUntil: undefined },
          NOW + 1,
        ),
      ).toBe(true);
      expect(await store.getQuestion(userId, 'locate')).toMatchObject({
        ask: '{"kind":"locate","fresh":true}',
        answer: '{"state":"failed"}',
        consent,
      });
    });

    it('keeps each kind of question apart', async () => {
      await store.startQuestion(question(), NOW);
      expect(await store.startQuestion(question({ kind: 'verify', attempt: 'v1' }), NOW)).toBe(true);
      expect((await store.getQuestion(userId, 'verify'))?.attempt).toBe('v1');
      expect((await store.getQuestion(userId, 'locate'))?.attempt).toBe('a1');
    });

    it('prunes expired tokens and old answers, and keeps the rest', async () => {
      await store.putToken(userId, SCOPE, { sealed: 's', msisdn: '358501000001', expiresAt: NOW + 1000 });
      await store.putToken(userId, 'other', { sealed: 's', msisdn: '358501000001', expiresAt: NOW + 9000 });
      await store.startQuestion(question(), NOW);
      await store.updateQuestion(userId, 'locate', 'a1', { answer: '{}', busyUntil: undefined }, NOW);
      await store.startQuestion(question({ kind: 'verify', attempt: 'v1' }), NOW);
      await store.updateQuestion(userId, 'verify', 'v1', { consent, busyUntil: undefined }, NOW);
      expect(await store.prune(NOW + 2000, NOW + 1)).toBe(2);
      expect(await store.getToken(userId, 'other', NOW + 2000)).toBeDefined();
      expect(await store.getQuestion(userId, 'verify')).toBeDefined();
    });

    it('forgets a removed user’s tokens and questions', async () => {
      await store.putToken(userId, SCOPE, { sealed: 's', msisdn: '358501000001', expiresAt: NOW + 1000 });
      await store.startQuestion(question(), NOW);
      await fixture.removeUser(userId);
      expect(await store.getToken(userId, SCOPE, NOW)).toBeUndefined();
      expect(await store.getQuestion(userId, 'locate')).toBeUndefined();
    });
  });
}
