import { join } from 'node:path';
import Database from './sqlite';
import { describe, expect, it } from 'vitest';
import { DOCUMENTED_CELL_RECORD } from '../../api/fixtures/documented-cell';
import { generateKey } from './admin';
import { StoreError } from './records';
import { tempStores } from '../testing/temp-stores';

const { dir, open } = tempStores('admin');

describe('store operations', () => {
  it('registers developers, keys and users, and refuses bad input without writing', () => {
    const store = open(':memory:', false);
    store.addDeveloper('acme');
    expect(() => store.addDeveloper('acme')).toThrow(StoreError);
    const serviceKey = store.issueServiceKey('acme');
    expect(serviceKey).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(() => store.issueServiceKey('nobody')).toThrow(/no developer/);
    expect(() => store.issueServiceKey('acme', serviceKey)).toThrow(/taken/);
    expect(() => store.issueServiceKey('acme', 'bad key!')).toThrow(/service key/);
    const userKey = store.registerUser('acme', '358401111111');
    expect(() => store.registerUser('acme', '+358')).toThrow(/MSISDN/);
    expect(store.authenticate(serviceKey, userKey)).toMatchObject({ smsReplied: false, cell: null });
    store.recordSmsReply(userKey);
    expect(store.getUser(userKey)?.smsReplied).toBe(true);
    store.recordSmsReply(userKey, false);
    expect(store.getUser(userKey)?.smsReplied).toBe(false);
    expect(() => store.recordSmsReply('nobody')).toThrow(StoreError);
    expect(store.counts()).toEqual({ developers: 1, serviceKeys: 1, users: 1, cells: 0 });
  });

  it('generates keys that never begin with a dash, which a command line would take for an option', () => {
    // One key in 64 began with '-' before: 2,000 keys without one would happen once in about 10^13 runs.
    const keys = Array.from({ length: 2000 }, () => generateKey());
    expect(keys.filter((key) => !/^[A-Za-z0-9][A-Za-z0-9_-]{31}$/.test(key))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps a cell’s radio and range when given, refuses an unknown radio or a bad range', () => {
    const store = open(':memory:', false);
    const cell = { mcc: 244, mnc: 91, cellid: 1, lac: 0, lat: 60, lon: 24, name: 'A' };
    store.addCell({ ...cell, radio: 'NR', range: 300 });
    expect(store.getCell(cell)).toMatchObject({ radio: 'NR', range: 300 });
    expect(() => store.addCell({ ...cell, radio: 'WIFI' })).toThrow(
      /radio must be one of GSM, UMTS, LTE, NR/,
    );
    expect(() => store.addCell({ ...cell, range: -1 })).toThrow(/range must be/);
    // Written again without them: the row says what the new write says.
    store.addCell(cell);
    expect(store.getCell(cell)).not.toHaveProperty('radio');
    expect(store.getCell(cell)).not.toHaveProperty('range');
  });

  it('adds cells in one transaction: all or nothing', () => {
    const store = open(':memory:', false);
    const good = { mcc: 244, mnc: 91, cellid: 1, lac: 0, lat: 60, lon: 24, name: 'A' };
    expect(() => store.addCells([good, { ...good, cellid: 2, lat: 91 }])).toThrow(/lat/);
    expect(store.counts().cells).toBe(0);
    expect(store.addCells([good, { ...good, cellid: 2 }])).toBe(2);
    store.addCell({ ...good, name: 'B' });
    expect(store.getCell(good)?.name).toBe('B');
    expect(() => store.addCell({ ...good, cellid: 2 ** 36 })).toThrow(/cellid/);
  });

  it("replaces an imported cell whole: OpenCelliD's facts and credit go with its position", () => {
    const file = join(dir, 'facts.db');
    open(file, false).addCell({ mcc: 244, mnc: 91, cellid: 7, lac: 1, lat: 60, lon: 24, name: 'A' });
    const db = new Database(file);
    db.exec(`UPDATE cells SET range = 900, radio = 3, updated = 1700000000, origin = 1, samples = 4`);
    db.close();
    const store = open(file, false);
    expect(store.getCell({ mcc: 244, mnc: 91, cellid: 7 })).toMatchObject({
      range: 900,
      source: 'opencellid',
    });
    store.addCell({ mcc: 244, mnc: 91, cellid: 7, lac: 2, lat: 61, lon: 25, name: 'B' });
    expect(store.getCell({ mcc: 244, mnc: 91, cellid: 7 })).toEqual({
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

  it('sets the phone’s cell only to a known cell, and locates it', () => {
    const store = open(':memory:');
    expect(() => store.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid: 1 })).toThrow(/no cell/);
    store.setPhoneCell('demo-user', DOCUMENTED_CELL_RECORD);
    expect(store.getLocation('demo-user')).toEqual({
      msisdn: '358401234567',
      state: 'Idle',
      cell: { ...DOCUMENTED_CELL_RECORD, samples: 0 },
    });
  });
});
