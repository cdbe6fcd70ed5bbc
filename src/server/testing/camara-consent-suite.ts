import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CamaraStore, Consent } from '../store/camara-store';

/** One store of the engine under test, empty but for the schema, and the registration of a subscriber. */
export interface ConsentFixture {
  store: CamaraStore;
  /** Registers a user with the MSISDN; `standingConsent` as the demo subscriber has it. */
  addSubscriber(msisdn: string, options: { standingConsent: boolean }): Promise<void>;
  close(): Promise<void>;
}

const NOW = 1_800_000_000;
const PHONE = '358401234567';
const FRAUD = 'dpv:FraudPreventionAndDetection';
const RETRIEVAL = 'location-retrieval:read';
const VERIFICATION = 'location-verification:verify';

const consent = (clientId: string, purpose: string, scopes: string[], msisdn = PHONE): Consent => ({
  msisdn,
  clientId,
  purpose,
  scopes,
});

const client = (clientId: string) => ({
  clientId,
  jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }] },
  twoLegged: false,
  createdAt: 1_700_000_000_000,
});

/**
 * Consent per subscriber, API consumer, purpose and scope (issue 31, item 2), run against every engine: a consent
 * given to one consumer for one purpose is no other's, and withdrawing one consumer's leaves the others'.
 */
export function camaraConsentSuite(engine: string, open: () => Promise<ConsentFixture>): void {
  describe(`CAMARA consents on ${engine}`, () => {
    let fixture: ConsentFixture;
    let store: CamaraStore;
    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
      await store.addClient(client('shop'));
      await store.addClient(client('ads'));
    });
    afterEach(async () => fixture.close());

    it('keeps a consent for its consumer, purpose and scopes only', async () => {
      await store.recordConsent(consent('shop', FRAUD, [RETRIEVAL]), NOW);
      expect(await store.hasConsent(consent('shop', FRAUD, [RETRIEVAL]))).toBe(true);
      expect(await store.hasConsent(consent('ads', FRAUD, [RETRIEVAL]))).toBe(false);
      expect(await store.hasConsent(consent('shop', 'dpv:Marketing', [RETRIEVAL]))).toBe(false);
      expect(await store.hasConsent(consent('shop', FRAUD, [RETRIEVAL, VERIFICATION]))).toBe(false);
      expect(await store.hasConsent(consent('shop', FRAUD, [VERIFICATION]))).toBe(false);
      expect(await store.hasConsent(consent('shop', FRAUD, []))).toBe(false);
      expect(await store.hasConsent(consent('shop', FRAUD, [RETRIEVAL], '358401234568'))).toBe(false);
      await store.recordConsent(consent('shop', FRAUD, [RETRIEVAL, VERIFICATION]), NOW + 1);
      expect(await store.hasConsent(consent('shop', FRAUD, [VERIFICATION, RETRIEVAL]))).toBe(true);
    });

    it('withdraws one consumer’s consents, grants and tokens, and leaves the other consumer’s', async () => {
      await store.recordConsent(consent('shop', FRAUD, [RETRIEVAL]), NOW);
      await store.recordConsent(consent('ads', FRAUD, [RETRIEVAL]), NOW);
      const shopSub = await store.subjectFor('shop', PHONE);
      const adsSub = await store.subjectFor('ads', PHONE);
      await store.saveRecord('AccessToken', 'shop-token', { accountId: shopSub }, NOW + 600);
      await store.saveRecord('AccessToken', 'ads-token', { accountId: adsSub }, NOW + 600);
      expect(await store.withdrawConsent(PHONE, 'shop')).toBe(1);
      expect(await store.hasConsent(consent('shop', FRAUD, [RETRIEVAL]))).toBe(false);
      expect(await store.findRecord('AccessToken', 'shop-token', NOW)).toBeUndefined();
      expect(await store.hasConsent(consent('ads', FRAUD, [RETRIEVAL]))).toBe(true);
      expect(await store.findRecord('AccessToken', 'ads-token', NOW)).toBeDefined();
      expect(await store.withdrawConsent(PHONE)).toBe(1);
      expect(await store.hasConsent(consent('ads', FRAUD, [RETRIEVAL]))).toBe(false);
    });

    it('forgets the consents given to a consumer that is removed', async () => {
      await store.recordConsent(consent('shop', FRAUD, [RETRIEVAL]), NOW);
      await store.removeClient('shop');
      await store.addClient(client('shop'));
      expect(await store.hasConsent(consent('shop', FRAUD, [RETRIEVAL]))).toBe(false);
    });

    it('gives the demo subscriber’s standing consent to any consumer and purpose, and no one else one', async () => {
      await fixture.addSubscriber(PHONE, { standingConsent: true });
      await fixture.addSubscriber('358401234568', { standingConsent: false });
      expect(await store.hasConsent(consent('ads', 'dpv:Marketing', [RETRIEVAL, VERIFICATION]))).toBe(true);
      expect(await store.hasConsent(consent('ads', FRAUD, [RETRIEVAL], '358401234568'))).toBe(false);
      // Withdrawn from one consumer, the standing consent stays; withdrawn from all, it goes.
      await store.withdrawConsent(PHONE, 'ads');
      expect(await store.hasConsent(consent('ads', FRAUD, [RETRIEVAL]))).toBe(true);
      await store.withdrawConsent(PHONE);
      expect(await store.hasConsent(consent('shop', FRAUD, [RETRIEVAL]))).toBe(false);
    });
  });
}
