import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CamaraClient, CamaraStore } from '../store/camara-store';
import { StoreError } from '../store/records';

/** One store of the engine under test, with the few writes the suite needs that are not the CAMARA store's own. */
export interface CamaraStoreFixture {
  store: CamaraStore;
  /** Registers a user with the MSISDN (digits); with `cell`, puts the phone in a new cell at that place now. */
  addPhone(
    msisdn: string,
    options: { consented: boolean; cell?: { lat: number; lon: number; range?: number } },
  ): Promise<void>;
  close(): Promise<void>;
}

const client = (clientId: string, extra: Partial<CamaraClient> = {}): CamaraClient => ({
  clientId,
  jwks: { keys: [{ kty: 'EC', crv: 'P-256', x: 'x', y: 'y' }] },
  twoLegged: false,
  createdAt: 1_700_000_000_000,
  ...extra,
});

const NOW = 1_800_000_000;

/**
 * The CAMARA store's contract, run against every implementation: `open` makes an empty store (the schema migrated,
 * no demo data) for each test.
 */
export function camaraStoreSuite(engine: string, open: () => Promise<CamaraStoreFixture>): void {
  describe(`CAMARA store on ${engine}`, () => {
    let fixture: CamaraStoreFixture;
    let store: CamaraStore;
    beforeEach(async () => {
      fixture = await open();
      store = fixture.store;
    });
    afterEach(async () => fixture.close());

    it('keeps records until they are forgotten, and finds them by uid and user code', async () => {
      await store.saveRecord('Session', 's1', { uid: 'u1', accountId: 'a' }, NOW + 60);
      await store.saveRecord('DeviceCode', 'd1', { userCode: 'ABCD', exp: NOW + 5 }, NOW + 10);
      await store.saveRecord('Client', 'never', { clientId: 'x' }, undefined);
      expect(await store.findRecord('Session', 's1', NOW)).toEqual({ uid: 'u1', accountId: 'a' });
      expect(await store.findRecordBy('Session', 'uid', 'u1', NOW)).toEqual({ uid: 'u1', accountId: 'a' });
      expect(await store.findRecordBy('DeviceCode', 'userCode', 'ABCD', NOW)).toMatchObject({ exp: NOW + 5 });
      expect(await store.findRecord('Session', 's1', NOW + 60)).toBeUndefined();
      expect(await store.findRecord('Client', 'never', NOW + 1e9)).toEqual({ clientId: 'x' });
      expect(await store.findRecord('Grant', 's1', NOW)).toBeUndefined();
      expect(await store.prune(NOW + 60)).toBe(2);
      expect(await store.findRecord('Client', 'never', NOW)).toBeDefined();
    });

    it('replaces a record saved again under its id', async () => {
      await store.saveRecord('Session', 's1', { uid: 'u1' }, NOW + 60);
      await store.saveRecord('Session', 's1', { uid: 'u2' }, NOW + 60);
      expect(await store.findRecordBy('Session', 'uid', 'u1', NOW)).toBeUndefined();
      expect(await store.findRecordBy('Session', 'uid', 'u2', NOW)).toEqual({ uid: 'u2' });
    });

    it('lets one caller consume a record, once', async () => {
      await store.saveRecord('BackchannelAuthenticationRequest', 'r1', { exp: NOW + 60 }, NOW + 600);
      const tries = await Promise.all(
        [1, 2, 3].map(() => store.consumeRecord('BackchannelAuthenticationRequest', 'r1', NOW)),
      );
      expect(tries.filter(Boolean)).toHaveLength(1);
      expect(await store.findRecord('BackchannelAuthenticationRequest', 'r1', NOW)).toEqual({
        exp: NOW + 60,
        consumed: NOW,
      });
      expect(await store.consumeRecord('BackchannelAuthenticationRequest', 'gone', NOW)).toBe(false);
    });

    it('deletes a record, and a grant with everything issued under it', async () => {
      await store.saveRecord('Grant', 'g1', { clientId: 'c' }, NOW + 600);
      await store.saveRecord('AccessToken', 't1', { grantId: 'g1' }, NOW + 600);
      await store.saveRecord('AccessToken', 't2', { grantId: 'g2' }, NOW + 600);
      await store.deleteRecord('AccessToken', 't2');
      expect(await store.findRecord('AccessToken', 't2', NOW)).toBeUndefined();
      await store.deleteGrant('g1');
      expect(await store.findRecord('Grant', 'g1', NOW)).toBeUndefined();
      expect(await store.findRecord('AccessToken', 't1', NOW)).toBeUndefined();
    });

    it('lists a subscriber’s pending CIBA requests and withdraws the subscriber’s grants and tokens', async () => {
      await store.addClient(client('app'));
      await store.addClient(client('other'));
      const sub = await store.subjectFor('app', '358401234567');
      const otherSub = await store.subjectFor('other', '358401234567');
      const stranger = await store.subjectFor('app', '358409999999');
      const request = (accountId: string, extra: object) => ({
        accountId,
        exp: NOW + 60,
        iat: NOW,
        ...extra,
      });
      const model = 'BackchannelAuthenticationRequest';
      await store.saveRecord(model, 'pending', request(sub, {}), NOW + 600);
      await store.saveRecord(model, 'pending-other', request(otherSub, { iat: NOW + 1 }), NOW + 600);
      await store.saveRecord(model, 'approved', request(sub, { grantId: 'g' }), NOW + 600);
      await store.saveRecord(model, 'refused', request(sub, { error: 'access_denied' }), NOW + 600);
      await store.saveRecord(model, 'expired', request(sub, { exp: NOW - 1 }), NOW + 600);
      await store.saveRecord(model, 'someone-else', request(stranger, {}), NOW + 600);
      expect(await store.pendingRequests('358401234567', NOW)).toEqual(['pending', 'pending-other']);
      await store.saveRecord('Grant', 'g', { accountId: sub }, NOW + 600);
      await store.saveRecord('AccessToken', 't', { accountId: otherSub }, NOW + 600);
      await store.saveRecord('AccessToken', 'kept', { accountId: stranger }, NOW + 600);
      expect(await store.withdrawConsent('358401234567')).toBe(2);
      expect(await store.findRecord('AccessToken', 'kept', NOW)).toBeDefined();
      expect(await store.findRecord(model, 'approved', NOW)).toBeDefined();
    });

    it('paces CIBA polls: early polls are told so and the interval grows for good', async () => {
      const pace = (now: number) => store.pacePoll('r1', { now, interval: 5, step: 5, forgetAt: NOW + 600 });
      const start = NOW * 1000;
      expect(await pace(start)).toEqual({ early: false, interval: 5 });
      expect(await pace(start + 4_999)).toEqual({ early: true, interval: 10 });
      expect(await pace(start + 4_999 + 9_000)).toEqual({ early: true, interval: 15 });
      expect(await pace(start + 4_999 + 9_000 + 15_000)).toEqual({ early: false, interval: 15 });
      expect(await store.prune(NOW + 600)).toBe(1);
      expect(await pace(start + 30_000)).toEqual({ early: false, interval: 5 });
    });

    it('keeps the first signing keys stored, whoever comes second', async () => {
      expect(await store.signingKeys()).toEqual([]);
      const first = [
        { kid: 'a', kty: 'RSA' },
        { kid: 'b', kty: 'EC' },
      ];
      expect(await store.addSigningKeysIfNone(first)).toEqual(first);
      expect(await store.addSigningKeysIfNone([{ kid: 'c', kty: 'EC' }])).toEqual(first);
      expect(await store.signingKeys()).toEqual(first);
    });

    it('registers, lists and removes API consumers, refusing an id twice', async () => {
      await store.addClient(client('zeta', { twoLegged: true }));
      await store.addClient(client('alpha', { jwks: undefined, jwksUri: 'https://alpha.example/jwks' }));
      await expect(store.addClient(client('zeta'))).rejects.toThrow(StoreError);
      expect((await store.listClients()).map((c) => c.clientId)).toEqual(['alpha', 'zeta']);
      expect(await store.getClient('alpha')).toEqual({
        clientId: 'alpha',
        jwksUri: 'https://alpha.example/jwks',
        twoLegged: false,
        createdAt: 1_700_000_000_000,
      });
      expect(await store.getClient('zeta')).toEqual(client('zeta', { twoLegged: true }));
      const sub = await store.subjectFor('zeta', '358401234567');
      await store.saveRecord('AccessToken', 't', { clientId: 'zeta', accountId: sub }, NOW + 600);
      expect(await store.removeClient('zeta')).toBe(true);
      expect(await store.removeClient('zeta')).toBe(false);
      expect(await store.getClient('zeta')).toBeUndefined();
      expect(await store.subjectOf(sub)).toBeUndefined();
      expect(await store.findRecord('AccessToken', 't', NOW)).toBeUndefined();
    });

    it('gives each client its own stable pseudonym for a subscriber', async () => {
      await store.addClient(client('a'));
      await store.addClient(client('b'));
      const [first, again, other] = await Promise.all([
        store.subjectFor('a', '358401234567'),
        store.subjectFor('a', '358401234567'),
        store.subjectFor('b', '358401234567'),
      ]);
      expect(again).toBe(first);
      expect(other).not.toBe(first);
      expect(first).not.toContain('358401234567');
      expect(await store.subjectOf(first)).toEqual({ clientId: 'a', msisdn: '358401234567' });
      await expect(store.subjectFor('nobody', '358401234567')).rejects.toThrow(StoreError);
    });

    it('reads a subscriber: the fix from the phone that moved last', async () => {
      expect(await store.subscriber('358401234567')).toBeUndefined();
      await fixture.addPhone('358401234567', { consented: false });
      expect(await store.subscriber('358401234567')).toEqual({ msisdn: '358401234567' });
      const before = Date.now();
      await fixture.addPhone('358401234567', { consented: true, cell: { lat: 60.17, lon: 24.94 } });
      const after = Date.now();
      const read = await store.subscriber('358401234567');
      expect(read).toMatchObject({ fix: { lat: 60.17, lon: 24.94 } });
      expect(read?.fix?.rangeMeters).toBeUndefined();
      expect(read?.fix?.since).toBeGreaterThanOrEqual(before);
      expect(read?.fix?.since).toBeLessThanOrEqual(after);
      await fixture.addPhone('358401234567', {
        consented: false,
        cell: { lat: 61.5, lon: 23.77, range: 1500 },
      });
      expect((await store.subscriber('358401234567'))?.fix).toMatchObject({ lat: 61.5, rangeMeters: 1500 });
    });

    it('tells whether the network has a cell in a box, across 180° too', async () => {
      await fixture.addPhone('358401234567', { consented: true, cell: { lat: 60.17, lon: 24.94 } });
      await fixture.addPhone('6421234567', { consented: true, cell: { lat: -41.2, lon: 179.9 } });
      expect(await store.hasCellsIn({ west: 24.9, south: 60.1, east: 25, north: 60.2 })).toBe(true);
      expect(await store.hasCellsIn({ west: 25, south: 60.1, east: 25.1, north: 60.2 })).toBe(false);
      expect(await store.hasCellsIn({ west: 179.5, south: -42, east: -179.5, north: -41 })).toBe(true);
    });
  });
}
