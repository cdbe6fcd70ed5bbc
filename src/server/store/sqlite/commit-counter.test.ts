import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { commitCounter, onceATurn, type CommitCounter } from './commit-counter';
import { openDatabase } from './open';
import Database, { DRIVER, type Db } from './driver';
import { tempDir } from '../../testing/temp-dir';

const dir = tempDir('commit-counter');
let n = 0;
const opened: Array<{ db: Db; counter: CommitCounter }> = [];
afterEach(() => {
  for (const { db, counter } of opened.splice(0)) {
    db.close();
    counter.close();
  }
});

function open(file = join(dir, `counter-${++n}.db`)): { db: Db; counter: CommitCounter; file: string } {
  const db = file === ':memory:' ? new Database(file) : openDatabase(file);
  const counter = commitCounter(db);
  opened.push({ db, counter });
  return { db, counter, file };
}

/* A commit by another process: a node of its own opens the file with the same driver and changes a row. */
function commitElsewhere(file: string, sql: string): void {
  const script = `const D = require(${JSON.stringify(DRIVER)}); const db = new D(process.argv[1]);
    db.pragma('busy_timeout = 5000'); db.exec(process.argv[2]); db.close();`;
  execFileSync(process.execPath, ['-e', script, file, sql], { cwd: process.cwd() });
}

describe('commitCounter', () => {
  it('changes at the very next ask after another process commits, and only then', () => {
    const { counter, file } = open();
    const before = counter.version();
    expect(counter.version()).toBe(before);
    commitElsewhere(file, "INSERT INTO developers (name) VALUES ('acme')");
    const after = counter.version();
    expect(after).not.toBe(before);
    expect(counter.version()).toBe(after);
    // A transaction rolled back commits nothing.
    commitElsewhere(file, "BEGIN; INSERT INTO developers (name) VALUES ('other'); ROLLBACK;");
    expect(counter.version()).toBe(after);
    commitElsewhere(file, "DELETE FROM developers WHERE name = 'acme'");
    expect(counter.version()).not.toBe(after);
  });

  it('changes with a commit by its own connection and after a checkpoint starts the log over', () => {
    const { db, counter } = open();
    const versions = [counter.version()];
    db.prepare("INSERT INTO developers (name) VALUES ('acme')").run();
    versions.push(counter.version());
    db.pragma('wal_checkpoint(TRUNCATE)');
    db.prepare("DELETE FROM developers WHERE name = 'acme'").run();
    versions.push(counter.version());
    expect(new Set(versions).size).toBe(3);
  });

  it('asks PRAGMA data_version when the -shm file was removed by hand, instead of failing every request', () => {
    const { counter, file } = open();
    rmSync(`${file}-shm`);
    expect(counter.version()).toMatch(/^p\d+$/);
  });

  it('asks PRAGMA data_version of a database without a -shm file', () => {
    const { db, counter } = open(':memory:');
    expect(counter.version()).toMatch(/^p\d+$/);
    db.exec('CREATE TABLE t (x)');
    expect(counter.version()).toMatch(/^p\d+$/);
  });

  it('once a turn: one read of the -shm file for all asks in a turn; another process’s commit seen at the next', async () => {
    const { counter, file } = open();
    let reads = 0;
    const version = onceATurn(() => {
      reads++;
      return counter.version();
    });
    const before = version();
    expect(version()).toBe(before);
    expect(reads).toBe(1);
    commitElsewhere(file, "INSERT INTO developers (name) VALUES ('acme')");
    expect(version()).toBe(before);
    await new Promise((resolve) => setImmediate(resolve));
    expect(version()).not.toBe(before);
    expect(reads).toBe(2);
  });
});
