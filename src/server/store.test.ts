import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { DEMO_PHONE_CELL, demoCells, DOCUMENTED_CELL, FIXED_CELLS } from './demo-data';
import { moveOnce, startSimulator } from './simulator';
import { migrate, openStore, SCHEMA_VERSION, StoreError, type Store } from './store';

const dir = mkdtempSync(join(tmpdir(), 'cellpos-store-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
function open(file: string, demo = true): Store {
  const store = openStore(file, { demo });
  opened.push(store);
  return store;
}

describe('migrations', () => {
  it('are idempotent and recorded in user_version', () => {
    const db = new Database(':memory:');
    expect(migrate(db)).toBe(SCHEMA_VERSION);
    expect(migrate(db)).toBe(SCHEMA_VERSION);
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    db.close();
  });

  it('keep the cells table an importer can upsert into', () => {
    const db = new Database(':memory:');
    migrate(db);
    const upsert = db.prepare(
      `INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(mcc, mnc, cellid) DO UPDATE SET lat = excluded.lat, samples = excluded.samples
       WHERE excluded.samples > cells.samples`,
    );
    upsert.run(244, 91, 1, 0, 60, 24, 'A', 5);
    upsert.run(244, 91, 1, 0, 61, 24, 'A', 3);
    expect(db.prepare('SELECT lat FROM cells').get()).toEqual({ lat: 60 });
    upsert.run(244, 91, 1, 0, 62, 24, 'A', 9);
    expect(db.prepare('SELECT lat FROM cells').get()).toEqual({ lat: 62 });
    db.close();
  });

  it('refuse a database newer than the program', () => {
    const file = join(dir, 'future.db');
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openStore(file, { demo: true })).toThrow(/newer/);
  });

  it('create the folder, use WAL, and keep data across reopening', () => {
    const file = join(dir, 'nested', 'deeper', 'p.db');
    const store = open(file);
    store.registerUser('demo', '358409999999', { key: 'kept-user' });
    store.close();
    const again = open(file);
    expect(again.getUser('kept-user')?.msisdn).toBe('358409999999');
    expect(again.counts().developers).toBe(2);
    const db = new Database(file);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });
});

describe('demo data', () => {
  it('is fixed: the same rows every time', () => {
    expect(demoCells()).toEqual(demoCells());
  });

  it('has at least 500 cells at Finnish places, with ä, ö and å, mnc 91, 5 and 12, and lac 0', () => {
    const store = open(':memory:');
    const counts = store.counts();
    expect(counts.cells).toBeGreaterThanOrEqual(500);
    expect(counts).toMatchObject({ developers: 2, serviceKeys: 2, users: 3 });
    const cells = store.listCells(10_000);
    expect(cells).toHaveLength(counts.cells);
    const names = cells.map((c) => c.name).join('\n');
    for (const name of [
      'Helsinki',
      'Tampere',
      'Jyväskylä',
      'Hämeenlinna',
      'Mariehamn',
      'Rovaniemi',
      'Brändö',
      'Vårdö',
    ]) {
      expect(names).toContain(name);
    }
    expect(names).toMatch(/ä/);
    expect(names).toMatch(/ö/);
    expect(names).toMatch(/å/);
    expect(new Set(cells.map((c) => c.mnc))).toEqual(new Set([5, 12, 91]));
    expect(cells.filter((c) => c.lac === 0).length).toBeGreaterThan(20);
    for (const cell of cells) {
      expect(cell.lat).toBeGreaterThan(59.7);
      expect(cell.lat).toBeLessThan(70.1);
      expect(cell.lon).toBeGreaterThan(19.4);
      expect(cell.lon).toBeLessThan(31.6);
    }
  });

  it('holds the documented cell and every fixed cell exactly', () => {
    const store = open(':memory:');
    expect(store.getCell(DOCUMENTED_CELL)).toEqual({ ...DOCUMENTED_CELL, samples: 0 });
    for (const cell of FIXED_CELLS) expect(store.getCell(cell)).toMatchObject(cell);
  });

  it('authenticates the demo keys as documented', () => {
    const store = open(':memory:');
    expect(store.authenticate('demo-service', 'demo-user')).toMatchObject({
      msisdn: '358401234567',
      smsReplied: true,
      state: 'Idle',
      cell: { mcc: 244, mnc: 91, cellid: DEMO_PHONE_CELL.cellid },
    });
    expect(store.authenticate('demo-service', 'demo-pending')).toMatchObject({
      msisdn: '358401234568',
      smsReplied: false,
    });
    expect(store.authenticate('demo-service', 'other-user')).toBe('mismatch');
    expect(store.authenticate('other-service', 'other-user')).toMatchObject({ msisdn: '358501234569' });
    expect(store.authenticate('demo-service', 'nobody')).toBeUndefined();
    expect(store.authenticate('', '')).toBeUndefined();
  });

  it('is left out with demo off, and not added to a database that has data', () => {
    const file = join(dir, 'off.db');
    const off = open(file, false);
    expect(off.counts()).toEqual({ developers: 0, serviceKeys: 0, users: 0, cells: 0 });
    expect(off.hasDemoKeys()).toBe(false);
    off.addDeveloper('acme');
    off.close();
    expect(open(file, true).counts().developers).toBe(1);
  });
});

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

  it('sets the phone’s cell only to a known cell, and locates it', () => {
    const store = open(':memory:');
    expect(() => store.setPhoneCell('demo-user', { mcc: 244, mnc: 91, cellid: 1 })).toThrow(/no cell/);
    store.setPhoneCell('demo-user', DOCUMENTED_CELL);
    expect(store.getLocation('demo-user')).toEqual({
      msisdn: '358401234567',
      state: 'Idle',
      cell: { ...DOCUMENTED_CELL, samples: 0 },
    });
  });
});

describe('simulator', () => {
  it('moves the phone to one of the nearest cells of its operator', () => {
    const store = open(':memory:');
    const near = store.nearestCells(DEMO_PHONE_CELL, 5);
    expect(near).toHaveLength(5);
    for (const cell of near) {
      expect(cell.mnc).toBe(91);
      expect(cell.name).toMatch(/^Helsinki/);
    }
    expect(moveOnce(store, 'demo-user', 5, () => 0)).toBe(true);
    expect(store.getUser('demo-user')?.cell).toEqual({ mcc: 244, mnc: 91, cellid: near[0]?.cellid });
    expect(moveOnce(store, 'nobody')).toBe(false);
  });

  it('runs on a timer and stops', async () => {
    const store = open(':memory:');
    let moves = 0;
    const stop = startSimulator(store, {
      userKey: 'demo-user',
      intervalMs: 10,
      random: () => {
        moves++;
        return 0.99;
      },
    });
    await new Promise((done) => setTimeout(done, 60));
    stop();
    expect(moves).toBeGreaterThan(0);
    const stopped = moves;
    await new Promise((done) => setTimeout(done, 30));
    expect(moves).toBe(stopped);
    expect(startSimulator(store, { userKey: 'demo-user', intervalMs: 0 })).toBeTypeOf('function');
  });
});
