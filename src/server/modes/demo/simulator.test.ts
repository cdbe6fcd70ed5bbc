import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEMO_PHONE_CELL, openDemoStore } from '../../admin/demo-data';
import { moveOnce, startSimulator } from './simulator';
import type { Store } from '../../store/sqlite/open';

const opened: Store[] = [];
afterEach(() => {
  for (const store of opened.splice(0)) store.close();
});
function open(file: string, demo = true): Store {
  const store = openDemoStore(file, demo);
  opened.push(store);
  return store;
}

describe('simulator', () => {
  it('moves the phone to one of the nearest cells of its operator', async () => {
    const store = open(':memory:');
    const near = store.nearestCells(DEMO_PHONE_CELL, 5);
    expect(near).toHaveLength(5);
    for (const cell of near) {
      expect(cell.mnc).toBe(91);
      expect(cell.name).toMatch(/^Helsinki/);
    }
    expect(await moveOnce(store, 'demo-user', 5, () => 0)).toBe(true);
    expect(store.getUser('demo-user')?.cell).toEqual({ mcc: 244, mnc: 91, cellid: near[0]?.cellid });
    expect(await moveOnce(store, 'nobody')).toBe(false);
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
    await vi.waitFor(() => expect(moves).toBeGreaterThan(0), { timeout: 30_000 });
    stop();
    const stopped = moves;
    await new Promise((done) => setTimeout(done, 30));
    expect(moves).toBe(stopped);
    expect(startSimulator(store, { userKey: 'demo-user', intervalMs: 0 })).toBeTypeOf('function');
  });
});
