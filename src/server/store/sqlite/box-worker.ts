/**
 * A thread that answers cells in a box (cells-in-box.ts) from a read-only connection of its own to the database
 * file, so that a large read never holds up the service's event loop (box-threads.ts starts it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { createCellsInBox } from './cells-in-box';
import { type BoxAnswer, type BoxQuery } from '../cells-in-box-port';
import Database from './driver';

export interface BoxWorkerInput {
  file: string;
}
export interface BoxAsk {
  id: number;
  query: BoxQuery;
}
export type BoxReply = { id: number; answer: BoxAnswer } | { id: number; error: string };

const { file } = workerData as BoxWorkerInput;
const db = new Database(file, { readonly: true, fileMustExist: true });
// A reader in WAL mode waits only while SQLite recovers the log; this thread may wait, the service does not.
db.pragma('busy_timeout = 5000');
const cellsInBox = createCellsInBox(db);
const port = parentPort;
if (port === null) throw new Error('box-worker runs as a worker thread');

port.on('message', ({ id, query }: BoxAsk) => {
  let reply: BoxReply;
  try {
    reply = { id, answer: cellsInBox(query) };
  } catch (error) {
    reply = { id, error: error instanceof Error ? error.message : String(error) };
  }
  port.postMessage(reply);
});
