import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { tempStores } from '../../testing/temp-stores';
import { boxThreads } from './box-threads';

const stores = tempStores('box-threads');
const FINLAND = { west: 19, south: 59, east: 32, north: 71, limit: 5000 };

describe('cells in a box from threads of their own', () => {
  it('answers as the service’s own connection would, and sees what was written the moment before', async () => {
    const store = stores.open(join(stores.dir, 'threads.db'));
    const threaded = store.cellsInBox(FINLAND);
    expect(threaded).toBeInstanceOf(Promise);
    const before = await threaded;
    if (!('cells' in before)) throw new Error('too many');
    expect(before.cells.length).toBeGreaterThan(600);
    store.addCell({ mcc: 244, mnc: 91, cellid: 990001, lac: 1, lat: 65.01, lon: 25.47, name: 'Just added' });
    // Several at once, over two threads: each answer is its own.
    const [all, lte, one] = await Promise.all([
      store.cellsInBox(FINLAND),
      store.cellsInBox({ ...FINLAND, radio: 'LTE' }),
      store.cellsInBox({ west: 25.46, south: 65, east: 25.48, north: 65.02, limit: 10 }),
    ]);
    expect('cells' in all && all.cells.length).toBe(before.cells.length + 1);
    expect('cells' in lte && lte.cells.every((cell) => cell.radio === 'LTE')).toBe(true);
    expect('cells' in one && one.cells.map((cell) => cell.name)).toContain('Just added');
  });

  it('fails a read it cannot answer, rather than leave it waiting', async () => {
    const threads = boxThreads(join(stores.dir, 'no-such.db'));
    try {
      await expect(threads.cellsInBox(FINLAND)).rejects.toThrow(/cells in a box/);
    } finally {
      await threads.close();
    }
  });
});
