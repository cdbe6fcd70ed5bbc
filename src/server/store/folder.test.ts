import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ensureFolderOf } from './folder';
import { openStore } from './open-store';
import { StoreError } from './records';
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
