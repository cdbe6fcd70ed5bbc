import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database, { type Db } from './sqlite/driver';
import { describe, expect, it } from 'vitest';
import { run } from '../cli';
import { openDemoStore } from '../admin/demo-data';
import { openStore } from './sqlite/open';
import { migrate, SCHEMA_VERSION } from './sqlite/schema';
import { keyHash } from './key-hash';
import { tempDir } from '../testing/temp-dir';

/* The database keeps the keys' SHA-256 hashes and a short prefix to tell them apart in a listing, never the keys:
   a copy of the file (a backup, a stolen disk) hands out no key. */
const dir = tempDir('key-hashes');

const SERVICE_KEY = 'plain-service-key-Q7wz1Xk';
const USER_KEY = 'plain-user-key-Hn3vB8sd';

const columns = (db: Db, table: string): string[] =>
  (db.prepare(`PRAGMA table_info(${table})`).all() as Array<{ name: string }>).map((column) => column.name);

async function show(db: string): Promise<string> {
  const out: string[] = [];
  await run(['show', '--db', db], { out: (line) => out.push(line), err: (line) => out.push(line), env: {} });
  return out.join('\n');
}

describe('keys in the database', () => {
  it('are kept as hashes and a prefix only', async () => {
    const file = join(dir, 'new.db');
    const store = openStore(file);
    store.addDeveloper('acme');
    store.issueServiceKey('acme', SERVICE_KEY);
    store.registerUser('acme', '358401111111', { key: USER_KEY, smsReplied: true });
    expect(store.authenticate(SERVICE_KEY, USER_KEY)).toMatchObject({
      msisdn: '358401111111',
      keyPrefix: 'plai',
    });
    expect(store.getUser(USER_KEY)?.smsReplied).toBe(true);
    store.close();
    const db = new Database(file, { readonly: true });
    expect(columns(db, 'service_keys')).not.toContain('key');
    expect(columns(db, 'users')).not.toContain('user_key');
    db.close();
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes).not.toContain(SERVICE_KEY);
    expect(bytes).not.toContain(USER_KEY);
    expect(await show(file)).toContain('358401111111\tkey plai…');
  });

  it('are dropped from a database made before, which still opens and whose keys still work', async () => {
    const file = join(dir, 'old.db');
    const old = new Database(file);
    old.pragma('journal_mode = WAL');
    migrate(old, 2);
    old.prepare("INSERT INTO developers (id, name) VALUES (1, 'acme')").run();
    old
      .prepare('INSERT INTO service_keys (key, developer_id, key_hash) VALUES (?, 1, ?)')
      .run(SERVICE_KEY, keyHash(SERVICE_KEY));
    old
      .prepare(
        'INSERT INTO users (user_key, developer_id, msisdn, sms_replied, key_hash) VALUES (?, 1, ?, 1, ?)',
      )
      .run(USER_KEY, '358402222222', keyHash(USER_KEY));
    old
      .prepare(
        "INSERT INTO users (user_key, developer_id, msisdn, key_hash) VALUES ('short', 1, '358403333333', ?)",
      )
      .run(keyHash('short'));
    old.close();
    expect(readFileSync(file).toString('latin1')).toContain(USER_KEY);

    const store = openStore(file);
    expect(store.authenticate(SERVICE_KEY, USER_KEY)).toMatchObject({
      msisdn: '358402222222',
      smsReplied: true,
    });
    expect(store.authenticate(SERVICE_KEY, 'short')).toMatchObject({ msisdn: '358403333333' });
    store.recordSmsReply('short');
    expect(store.getUser('short')?.smsReplied).toBe(true);
    store.close();
    const db = new Database(file, { readonly: true });
    expect(db.pragma('user_version', { simple: true })).toBe(SCHEMA_VERSION);
    expect(columns(db, 'service_keys')).not.toContain('key');
    expect(columns(db, 'users')).not.toContain('user_key');
    expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
    db.close();
    // Deleted pages are overwritten too: the keys are nowhere in the file.
    const bytes = readFileSync(file).toString('latin1');
    expect(bytes).not.toContain(SERVICE_KEY);
    expect(bytes).not.toContain(USER_KEY);
    const listed = await show(file);
    expect(listed).toContain('358402222222\tkey plai…');
    // A key too short to show part of is shown as dots.
    expect(listed).toContain('358403333333\tkey •••');
  });

  it('keep the demo keys working in a demo database made before', async () => {
    const file = join(dir, 'old-demo.db');
    const old = new Database(file);
    migrate(old, 2);
    old.close();
    // The demo seeding of an earlier version wrote plain keys; seeding now goes through the hashes only.
    const store = openDemoStore(file);
    expect(store.hasDemoKeys()).toBe(true);
    expect(store.authenticate('demo-service', 'demo-user')).toMatchObject({ msisdn: '358401234567' });
    store.close();
  });
});
