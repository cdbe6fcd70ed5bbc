import { Worker } from 'node:worker_threads';
import type { BoxCells, BoxPlan } from '../store/cells-rtree-plan';
import type { BoxLayout } from '../store/rtree-pack';
import type { PlanInput } from './plan-worker';
import { workerSource } from './worker-source';

/**
 * The plan of the cells-in-view index over `cells`, made by a thread of its own while this one writes the cells
 * (plan-worker.ts). The cells go to it, moved, not copied (this thread does not read them meanwhile), and come back
 * with the plan, to write `cells_box_rowid` from: `cells` is empty here from the call on, and what resolves is the
 * cells to use. A copy of their keys cost 13 bytes a cell (130 MB at 10,000,000 cells) at the import's peak.
 */
export function planInThread(
  cells: BoxCells,
  layout: BoxLayout,
  signal: AbortSignal,
): Promise<{ plan: BoxPlan; cells: BoxCells }> {
  const { length, mcc, mnc, cellid, lon, lat, radio } = cells;
  const workerData: PlanInput = { cells: { length, mcc, mnc, cellid, lon, lat, radio }, layout };
  const worker = new Worker(workerSource('plan-worker'), {
    eval: true,
    workerData,
    transferList: [mcc, mnc, cellid, lon, lat, radio].map((column) => column.buffer as ArrayBuffer),
  });
  // The transaction it was for failed: the plan is not wanted.
  const stop = (): void => void worker.terminate();
  signal.addEventListener('abort', stop, { once: true });
  return new Promise<{ plan: BoxPlan; cells: BoxCells }>((resolve, reject) => {
    worker.once('message', (message: { plan?: BoxPlan; cells?: BoxCells; error?: string }) => {
      if (message.plan !== undefined && message.cells !== undefined)
        resolve({ plan: message.plan, cells: message.cells });
      else reject(new Error(`the index's thread failed: ${message.error ?? 'no plan'}`));
    });
    worker.once('error', reject);
    worker.once('exit', (code) => reject(new Error(`the index's thread stopped (exit code ${code})`)));
  }).finally(() => {
    signal.removeEventListener('abort', stop);
    void worker.terminate();
  });
}
