import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach } from 'vitest';
import { openDemoStore } from '../demo/demo-data';
import type { Store } from '../store/open-store';

/**
 * For tests: a folder of their own, removed after the file's tests, and `open`, which opens a store (seeded with
 * the demo data unless `demo` is false) that is closed after each test.
 */
export function tempStores(prefix: string): { dir: string; open(file: string, demo?: boolean): Store } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const opened: Store[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    dir,
    open(file, demo = true) {
      const store = openDemoStore(file, demo);
      opened.push(store);
      return store;
    },
  };
}
