import { chmodSync, existsSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureFolderOf } from './folder';
import { openStore } from './sqlite/open';
import { StoreError } from './records';
import { sealKeyFile } from './seal-key';
import Database from './sqlite/driver';
import { tempDir } from '../testing/temp-dir';

const dir = tempDir('folder');

describe('the database folder', () => {
  it('is created, every missing level of it', () => {
    const file = join(dir, 'a', 'b', 'c', 'positioning.db');
    const store = openStore(file);
    store.close();
    expect(existsSync(file)).toBe(true);
  });

  it.each([
    ['/proc/cellpos-test/data/positioning.db', /^cannot create the folder \/proc\/cellpos-test \(ENOENT\)$/],
    [join(dir, 'file', 'positioning.db'), /is not a folder$/],
  ])('fails at once with a message naming the folder: %s', (file, message) => {
    writeFileSync(join(dir, 'file'), '');
    expect(() => ensureFolderOf(file)).toThrow(StoreError);
    expect(() => ensureFolderOf(file)).toThrow(message);
    expect(() => openStore(file)).toThrow(message);
  });
});

describe('the database files', () => {
  const modeOf = (file: string): number => statSync(file).mode & 0o777;

  it('are their user’s only: the folder the service makes, the database, its -wal, -shm and key file', async () => {
    const file = join(dir, 'private', 'positioning.db');
    const store = openStore(file);
    try {
      await store.camara.addSigningKeysIfNone([{ kid: 'k', kty: 'oct', k: 'c2VjcmV0' }]);
      expect(modeOf(join(dir, 'private'))).toBe(0o700);
      for (const each of [file, `${file}-wal`, `${file}-shm`, sealKeyFile(file)]) {
        expect([each, modeOf(each)]).toEqual([each, 0o600]);
      }
    } finally {
      store.close();
    }
  });

  it('made readable by everyone (an older version), are made their user’s only when the service opens them', () => {
    const file = join(dir, 'older.db');
    const older = new Database(file);
    older.pragma('journal_mode = WAL');
    older.exec('CREATE TABLE t (x)');
    for (const each of [file, `${file}-wal`, `${file}-shm`]) chmodSync(each, 0o644);
    const store = openStore(file);
    try {
      for (const each of [file, `${file}-wal`, `${file}-shm`]) {
        expect([each, modeOf(each)]).toEqual([each, 0o600]);
      }
    } finally {
      store.close();
      older.close();
    }
  });

  it('without the key file, sealed signing keys are not opened, and the message says where the key goes', async () => {
    const file = join(dir, 'keyless.db');
    const first = openStore(file);
    await first.camara.addSigningKeysIfNone([{ kid: 'k', kty: 'oct', k: 'c2VjcmV0' }]);
    first.close();
    rmSync(sealKeyFile(file));
    const again = openStore(file);
    try {
      await expect(again.camara.signingKeys()).rejects.toThrow(
        `set STORE_SEAL_KEY, or put back ${sealKeyFile(file)}`,
      );
      expect(existsSync(sealKeyFile(file))).toBe(false);
    } finally {
      again.close();
    }
  });

  it('a key given by the setting seals and opens them, and another does not open them', async () => {
    const file = join(dir, 'set.db');
    const secret = 'a-secret-of-at-least-thirty-two-characters';
    const first = openStore(file, { sealKey: secret });
    await first.camara.addSigningKeysIfNone([{ kid: 'k', kty: 'oct', k: 'c2VjcmV0' }]);
    first.close();
    expect(existsSync(sealKeyFile(file))).toBe(false);
    const other = openStore(file, { sealKey: `${secret}, but another` });
    await expect(other.camara.signingKeys()).rejects.toThrow('does not open with STORE_SEAL_KEY');
    other.close();
    const same = openStore(file, { sealKey: secret });
    expect(await same.camara.signingKeys()).toEqual([{ kid: 'k', kty: 'oct', k: 'c2VjcmV0' }]);
    same.close();
  });
});
