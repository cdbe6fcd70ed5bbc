import { parentPort, workerData } from 'node:worker_threads';
import { planCellsBox, type BoxCells } from '../store/cells-rtree-plan';
import type { BoxLayout } from '../store/rtree-pack';

/** What the import's second thread is given: the cells the index will hold, and the tree's layout. */
export interface PlanInput {
  cells: BoxCells;
  layout: BoxLayout;
}

const port = parentPort;
if (port === null) throw new Error('plan-worker runs as a worker thread');
const { cells, layout } = workerData as PlanInput;
try {
  const plan = planCellsBox(cells, layout);
  const { mcc, mnc, cellid, lon, lat, radio } = cells;
  // The plan and the cells go back moved, not copied: the cells were moved here.
  const buffers = [plan.nodes, plan.nodenos, plan.parents, plan.leaf, mcc, mnc, cellid, lon, lat, radio].map(
    (array) => array.buffer as ArrayBuffer,
  );
  port.postMessage({ plan, cells }, buffers);
} catch (error) {
  port.postMessage({ error: error instanceof Error ? error.message : String(error) });
}
