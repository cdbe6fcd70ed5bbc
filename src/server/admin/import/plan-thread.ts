import { Worker } from 'node:worker_threads';
import type { BoxCells, BoxPlan } from '../../store/sqlite/cells-rtree-plan';
import type { BoxLayout } from '../../store/sqlite/rtree-pack';
import type { PlanInput } from './plan-worker';
import { workerSource } from './worker-source';

/**
 * The plan of the cells-in-view index over `cells`, made by a thread of its own while this one writes the cells
 * (plan-worker.ts): the cells' positions go to it (moved, not copied: the writing does not need them), their keys
 * are copied.
 */
export function planInThread(cells: BoxCells, layout: BoxLayout, signal: AbortSignal): Promise<BoxPlan> {
  const { length, mcc, mnc, cellid, lon, lat, radio } = cells;
  const workerData: PlanInput = { cells: { length, mcc, mnc, cellid, lon, lat, radio }, layout };
  const worker = new Worker(workerSource('plan-worker'), {
    eval: true,
    workerData,
    transferList: [lon.buffer as ArrayBuffer, lat.buffer as ArrayBuffer],
  });
  // The transaction it was for failed: the plan is not wanted.
  const stop = (): void => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  return new Promise<BoxPlan>((resolve, reject) => {
    worker.once('message', (message: { plan?: BoxPlan; error?: string }) => {
      if (message.plan !== undefined) resolve(message.plan);
      else reject(new Error(`the index's thread failed: ${message.error ?? 'no plan'}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the index's thread stopped (exit code ${code})`)));
  }).finally(() => {
    signal.removeEventListener('abort', stop);
    void worker.terminate();
  });
}
