import { seededRandom } from '../../admin/demo-data';
import type { ServiceStore } from '../../store/service-store';

const defaultRandom = seededRandom(7);

export interface SimulatorOptions {
  userKey: string;
  intervalMs: number;
  /** How many of the nearest cells the phone may move to. */
  nearest?: number;
  random?: () => number;
  log?: (line: string) => void;
}

type SimulatorStore = Pick<ServiceStore, 'getUser' | 'nearestCells' | 'setPhoneCell' | 'buckets'>;

/** Moves one phone to one of the nearest cells of its operator now and then. */
export async function moveOnce(
  store: SimulatorStore,
  userKey: string,
  nearest = 5,
  random: () => number = defaultRandom,
): Promise<boolean> {
  const user = await store.getUser(userKey);
  if (user?.cell == null) return false;
  const candidates = await store.nearestCells(user.cell, nearest);
  const next = candidates[Math.floor(random() * candidates.length)];
  if (next === undefined) return false;
  await store.setPhoneCell(userKey, next);
  return true;
}

/**
 * Whether this process moves the phone this time: always, alone on its database; with several replicas sharing
 * one, the one that takes the turn (a shared bucket refilled once an interval), so the phone moves as often as
 * with one replica.
 */
function myTurn(store: SimulatorStore, userKey: string, intervalMs: number): Promise<boolean> {
  if (store.buckets === undefined) return Promise.resolve(true);
  const spec = { name: `simulator ${userKey}`, perSecond: 1000 / intervalMs, burst: 1 };
  return store.buckets.charge(spec).then((charged) => charged.taken);
}

export function startSimulator(store: SimulatorStore, options: SimulatorOptions): () => void {
  if (options.intervalMs <= 0) return () => undefined;
  const random = options.random ?? defaultRandom;
  const timer = setInterval(() => {
    myTurn(store, options.userKey, options.intervalMs)
      .then((mine) => (mine ? moveOnce(store, options.userKey, options.nearest, random) : false))
      .catch((error: unknown) =>
        options.log?.(`simulator: ${error instanceof Error ? error.message : String(error)}`),
      );
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
