import { join } from 'node:path';
import Database from './driver';
import { describe, expect, it } from 'vitest';
import { openDemoStore } from '../../admin/demo-data';
import { openStore } from './open';
import { migrate, SCHEMA_VERSION } from './schema';
import { keyHash } from '../key-hash';
import { tempStores } from '../../testing/temp-stores';

const { dir, open } = tempStores('store');

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

  it('give the demo subscriber of an older database its standing consent, and no one else any', async () => {
    const file = join(dir, 'before-consents.db');
    const raw = new Database(file);
    // The version before the consents' migration (the geofencing tables', the cell counts' and the watches' came after).
    migrate(raw, SCHEMA_VERSION - 4);
    raw.exec("INSERT INTO developers (id, name) VALUES (1, 'demo')");
    const user = raw.prepare(
      'INSERT INTO users (key_hash, key_prefix, developer_id, msisdn, sms_replied) VALUES (?, ?, 1, ?, 1)',
    );
    user.run(keyHash('demo-user'), 'demo', '358401234567');
    user.run(keyHash('someone-else'), 'some', '358401234568');
    raw.close();
    const store = open(file, false);
    const asked = { clientId: 'any-app', purpose: 'dpv:Marketing', scopes: ['location-retrieval:read'] };
    expect(await store.camara.hasConsent({ msisdn: '358401234567', ...asked })).toBe(true);
    expect(await store.camara.hasConsent({ msisdn: '358401234568', ...asked })).toBe(false);
  });

  it('refuse a database newer than the program', () => {
    const file = join(dir, 'future.db');
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();
    expect(() => openDemoStore(file)).toThrow(/newer/);
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
  it('looks keys up by their SHA-256 and adds the hashes to an older database', () => {
    const file = join(dir, 'upgrade.db');
    // A database made before the hashes (version 1), holding its keys in plain text.
    const raw = new Database(file);
    migrate(raw, 1);
    raw.exec(`INSERT INTO developers (id, name) VALUES (1, 'Demo developer'), (2, 'Other developer');
      INSERT INTO service_keys (key, developer_id) VALUES ('demo-service', 1), ('other-service', 2);
      INSERT INTO users (user_key, developer_id, msisdn) VALUES ('demo-user', 1, '358401234567'),
        ('other-user', 2, '358501234569');`);
    expect(migrate(raw, 2)).toBe(2);
    const row = raw.prepare('SELECT key_hash FROM users WHERE user_key = ?').get('demo-user') as {
      key_hash: Buffer;
    };
    expect(row.key_hash.equals(keyHash('demo-user'))).toBe(true);
    raw.close();
    const upgraded = openStore(file);
    expect(upgraded.authenticate('demo-service', 'demo-user')).toMatchObject({ msisdn: '358401234567' });
    expect(upgraded.authenticate('demo-service', 'demo-user ')).toBeUndefined();
    expect(upgraded.authenticate('demo-service', 'other-user')).toBe('mismatch');
    upgraded.close();
  });

  it('make the cells-in-view R*Tree again for a database made before its ids carried mcc, mnc and radio', async () => {
    const file = join(dir, 'before-box.db');
    const raw = new Database(file);
    // Version 5: the last before the R*Tree.
    expect(migrate(raw, 5)).toBe(5);
    expect(raw.prepare("SELECT count(*) AS n FROM sqlite_master WHERE name = 'cells_box'").get()).toEqual({
      n: 0,
    });
    raw.exec(`INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, radio) VALUES
      (244, 7, 1, 0, 60.5, 25.5, 'Added before the R*Tree', 3), (244, 7, 2, 0, NULL, NULL, 'No position', 3),
      (244, 7, 3, 0, 60.6, 25.6, 'A GSM cell', 1)`);
    expect(migrate(raw)).toBe(SCHEMA_VERSION);
    expect(raw.prepare('SELECT count(*) AS n FROM cells_box').get()).toEqual({ n: 2 });
    raw.close();
    const upgraded = open(file, false);
    const found = await upgraded.cellsInBox({
      west: 25,
      south: 60,
      east: 26,
      north: 61,
      mcc: 244,
      mnc: 7,
      radio: 'LTE',
      limit: 10,
    });
    expect('cells' in found && found.cells.map((cell) => cell.name)).toEqual(['Added before the R*Tree']);
  });

  it('add the CAMARA consumer tables to a version 7 database (the operator one), keeping its users', async () => {
    const file = join(dir, 'v7.db');
    const raw = new Database(file);
    expect(migrate(raw, 7)).toBe(7);
    raw.exec(`INSERT INTO developers (id, name) VALUES (1, 'dev');
      INSERT INTO users (id, key_hash, key_prefix, developer_id, msisdn) VALUES (5, x'00', '', 1, '358401110000')`);
    expect(migrate(raw)).toBe(SCHEMA_VERSION);
    raw.close();
    const upgraded = open(file, false);
    const token = { sealed: 'sealed', msisdn: '358401110000', expiresAt: 2_000 };
    await upgraded.camaraConsumer.putToken(5, 'scope', token);
    expect(await upgraded.camaraConsumer.getToken(5, 'scope', 1_000)).toEqual(token);
    expect(upgraded.counts()).toMatchObject({ developers: 1, users: 1 });
  });

  it('add the cell facts and the answers cache to a version 3 database, keeping its cells', () => {
    const file = join(dir, 'v3.db');
    const raw = new Database(file);
    migrate(raw, 3);
    raw.exec(`INSERT INTO cells (mcc, mnc, cellid, lac, lat, lon, name, samples)
      VALUES (244, 91, 10038, 0, 60.316391, 20.994058, 'Brändö', 0)`);
    expect(migrate(raw)).toBe(SCHEMA_VERSION);
    expect(raw.prepare('SELECT count(*) AS n FROM cell_answers').get()).toEqual({ n: 0 });
    raw.close();
    const upgraded = open(file, false);
    const cell = upgraded.getCell({ mcc: 244, mnc: 91, cellid: 10038 });
    expect(cell).toMatchObject({ name: 'Brändö', lac: 0 });
    expect(cell).not.toHaveProperty('range');
    expect(cell).not.toHaveProperty('source');
  });
});
