import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL_RECORD } from '../../api/fixtures/documented-cell';
import { storeEngines } from '../testing/store-engines';
import { generateKey } from './admin-input';
import { StoreError } from './records';

for (const engine of storeEngines('cellpos-admin-')) {
  describe.skipIf(engine.skip)(`store operations (${engine.name})`, () => {
    it('registers developers, keys and users, and refuses bad input without writing', async () => {
      const store = await engine.open();
      await store.addDeveloper('acme');
      await expect(async () => store.addDeveloper('acme')).rejects.toThrow(StoreError);
      await expect(async () => store.addDeveloper('acme')).rejects.toThrow('developer "acme" exists already');
      const serviceKey = await store.issueServiceKey('acme');
      expect(serviceKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
      await expect(async () => store.issueServiceKey('nobody')).rejects.toThrow(/no developer/);
      await expect(async () => store.issueServiceKey('acme', serviceKey)).rejects.toThrow(/taken/);
      await expect(async () => store.issueServiceKey('acme', 'bad key!')).rejects.toThrow(/service key/);
      const userKey = await store.registerUser('acme', '358401111111');
      await expect(async () => store.registerUser('acme', '+358')).rejects.toThrow(/MSISDN/);
      await expect(async () => store.registerUser('acme', '358401111112', { key: userKey })).rejects.toThrow(
        'that user key is taken',
      );
      expect(await store.authenticate(serviceKey, userKey)).toMatchObject({ smsReplied: false, cell: null });
      await store.recordSmsReply(userKey);
      expect((await store.getUser(userKey))?.smsReplied).toBe(true);
      await store.recordSmsReply(userKey, false);
      expect((await store.getUser(userKey))?.smsReplied).toBe(false);
      await expect(async () => store.recordSmsReply('nobody')).rejects.toThrow(StoreError);
      expect(await store.counts()).toEqual({ developers: 1, serviceKeys: 1, users: 1, cells: 0 });
    });

    it('tells keys of two developers apart from unknown keys', async () => {
      const store = await engine.open({ demo: true });
      expect(await store.authenticate('demo-service', 'demo-user')).toMatchObject({ msisdn: '358401234567' });
      expect(await store.authenticate('other-service', 'demo-user')).toBe('mismatch');
      expect(await store.authenticate('demo-service', 'nobody')).toBeUndefined();
      expect(await store.hasDemoKeys()).toBe(true);
      expect(await (await engine.open()).hasDemoKeys()).toBe(false);
    });

    it('keeps a cell’s radio and range when given, refuses an unknown radio or a bad range', async () => {
      const store = await engine.open();
      const cell = { mcc: 244, mnc: 91, cellid: 1, lac: 0, lat: 60, lon: 24, name: 'A' };
      await store.addCell({ ...cell, radio: 'NR', range: 300 });
      expect(await store.getCell(cell)).toMatchObject({ radio: 'NR', range: 300 });
      await expect(async () => store.addCell({ ...cell, radio: 'WIFI' })).rejects.toThrow(
        /radio must be one of GSM, UMTS, LTE, NR/,
      );
      await expect(async () => store.addCell({ ...cell, range: -1 })).rejects.toThrow(/range must be/);
      // Written again without them: the row says what the new write says.
      await store.addCell(cell);
      expect(await store.getCell(cell)).not.toHaveProperty('radio');
      expect(await store.getCell(cell)).not.toHaveProperty('range');
    });

    it('adds cells in one transaction: all or nothing', async () => {
      const store = await engine.open();
      const good = { mcc: 244, mnc: 91, cellid: 1, lac: 0, lat: 60, lon: 24, name: 'A' };
      await expect(async () => store.addCells([good, { ...good, cellid: 2, lat: 91 }])).rejects.toThrow(
        /lat/,
      );
      expect((await store.counts()).cells).toBe(0);
      expect(await store.addCells([good, { ...good, cellid: 2 }])).toBe(2);
      await store.addCell({ ...good, name: 'B' });
      expect((await store.getCell(good))?.name).toBe('B');
      await expect(async () => store.addCell({ ...good, cellid: 2 ** 36 })).rejects.toThrow(/cellid/);
      expect(await store.listCells(1, 1)).toEqual([{ ...good, cellid: 2, samples: 0 }]);
    });

    it("replaces an imported cell whole: OpenCelliD's facts and credit go with its position", async () => {
      const store = await engine.open();
      await store.addCell({ mcc: 244, mnc: 91, cellid: 7, lac: 1, lat: 60, lon: 24, name: 'A' });
      await engine.exec(
        store,
        'UPDATE cells SET range = 900, radio = 3, updated = 1700000000, origin = 1, samples = 4',
      );
      expect(await store.getCell({ mcc: 244, mnc: 91, cellid: 7 })).toMatchObject({
        range: 900,
        source: 'opencellid',
      });
      await store.addCell({ mcc: 244, mnc: 91, cellid: 7, lac: 2, lat: 61, lon: 25, name: 'B' });
      expect(await store.getCell({ mcc: 244, mnc: 91, cellid: 7 })).toEqual({
        mcc: 244,
        mnc: 91,
        cellid: 7,
        lac: 2,
        lat: 61,
        lon: 25,
        name: 'B',
        samples: 0,
      });
    });

    it('sets the phone’s cell only to a known cell, and locates it', async () => {
      const store = await engine.open({ demo: true });
      await expect(async () =>
        store.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid: 1 }),
      ).rejects.toThrow(/no cell/);
      await store.setPhoneCell('demo-user', DOCUMENTED_CELL_RECORD);
      expect(await store.getLocation('demo-user')).toEqual({
        msisdn: '358401234567',
        state: 'Idle',
        cell: { ...DOCUMENTED_CELL_RECORD, samples: 0 },
      });
      const listed = await store.listUsers();
      expect(listed.find((user) => user.msisdn === '358401234567')).toMatchObject({
        developer: 'demo',
        smsReplied: true,
        cell: { mcc: 244, mnc: 91, cellid: DOCUMENTED_CELL_RECORD.cellid },
      });
    });

    it('finds the phone’s nearest cells of its operator, nearest first', async () => {
      const store = await engine.open({ demo: true });
      const user = await store.getUser('demo-user');
      const near = await store.nearestCells(user?.cell ?? { mcc: 0, mnc: 0, cellid: 0 }, 5);
      expect(near).toHaveLength(5);
      for (const cell of near)
        expect(cell).toMatchObject({ mcc: 244, mnc: 91, name: expect.stringMatching(/^Helsinki/) });
      expect(await store.nearestCells({ mcc: 1, mnc: 1, cellid: 1 }, 5)).toEqual([]);
    });

    it('fills a new database with the demo data once, however many start at once', async () => {
      const store = await engine.open();
      const { seedDemoOnce } = await import('../admin/demo-data');
      const filled = await Promise.all([seedDemoOnce(store), seedDemoOnce(store), seedDemoOnce(store)]);
      expect(filled.filter(Boolean)).toHaveLength(1);
      expect((await store.counts()).developers).toBe(2);
    });

    it('says when the data changed, whoever changed it', async () => {
      const store = await engine.open({ demo: true });
      const before = store.dataVersion();
      await engine.exec(store, "UPDATE users SET state = 'Busy'");
      await expect.poll(() => store.dataVersion()).not.toBe(before);
      const after = store.dataVersion();
      await store.recordSmsReply('demo-user', false);
      await expect.poll(() => store.dataVersion()).not.toBe(after);
    });
  });
}

describe('generated keys', () => {
  it('never begin with a dash, which a command line would take for an option', () => {
    // One key in 64 began with '-' before: 2,000 keys without one would happen once in about 10^13 runs.
    const keys = Array.from({ length: 2000 }, () => generateKey());
    expect(keys.filter((key) => !/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/.test(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });
});
