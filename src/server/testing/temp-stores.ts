import { afterAll, afterEach } from 'vitest';
import { openDemoStore } from '../admin/demo-data';
import type { Store } from '../store/sqlite/open';
import { tempDir } from './temp-dir';

/**
 * For tests: a folder of their own, removed after the file's tests, and `open`, which opens a store (seeded with
 * the demo data unless `demo` is false) that is closed after each test.
 */
export function tempStores(name: string): { dir: string; open(file: string, demo?: boolean): Store } {
  const dir = tempDir(name);
  const opened: Store[] = [];
  afterEach(() => {
    for (const store of opened.splice(0)) store.close();
  });
  return {
    dir,
    open(file, demo = true) {
      const store = openDemoStore(file, demo);
      opened.push(store);
      return store;
    },
  };
}

/** For tests: the demo database in memory, open for the tests declared after it and closed after them. */
export function demoStore(): Store {
  const store = openDemoStore(':memory:');
  afterAll(() => store.close());
  return store;
}
