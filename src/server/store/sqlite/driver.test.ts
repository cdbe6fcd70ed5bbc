import { describe, expect, it } from 'vitest';
import Database, { DRIVER } from './driver';

describe('the SQLite driver', () => {
  it('is the build this Node can run: 13.x from Node-API 10 on, else the Node 20 alias of 12.x', () => {
    expect(DRIVER).toBe(Number(process.versions.napi) >= 10 ? 'better-sqlite3' : 'better-sqlite3-node20');
  });

  it('opens a database, writes and reads, and closes', () => {
    const db = new Database(':memory:');
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, name TEXT NOT NULL)');
    db.prepare('INSERT INTO t (name) VALUES (?)').run('Brändö');
    expect(db.prepare('SELECT name FROM t').pluck().get()).toBe('Brändö');
    db.close();
    expect(db.open).toBe(false);
  });
});
