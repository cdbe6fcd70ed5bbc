import { seededRandom } from './demo-data';
import type { Store } from '../store/open-store';

const defaultRandom = seededRandom(7);

export interface SimulatorOptions {
  userKey: string;
  intervalMs: number;
  /** How many of the nearest cells the phone may move to. */
  nearest?: number;
  random?: () => number;
  log?: (line: string) => void;
}

/** Moves one phone to one of the nearest cells of its operator now and then. */
export function moveOnce(
  store: Store,
  userKey: string,
  nearest = 5,
  random: () => number = defaultRandom,
): boolean {
  const user = store.getUser(userKey);
  if (user?.cell == null) return false;
  const candidates = store.nearestCells(user.cell, nearest);
  const next = candidates[Math.floor(random() * candidates.length)];
  if (next === undefined) return false;
  store.setPhoneCell(userKey, next);
  return true;
}

export function startSimulator(store: Store, options: SimulatorOptions): () => void {
  if (options.intervalMs <= 0) return () => undefined;
  const random = options.random ?? defaultRandom;
  const timer = setInterval(() => {
    try {
      moveOnce(store, options.userKey, options.nearest, random);
    } catch (error) {
      options.log?.(`simulator: ${error instanceof Error ? error.message : String(error)}`);
    }
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
