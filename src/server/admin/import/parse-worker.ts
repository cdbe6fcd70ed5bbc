import { parentPort, workerData } from 'node:worker_threads';
import { batchBuffers, emptyStats, newBatch, readBatches, type RowBatch } from './batch-reader';
import { townGazetteer } from '../../cells/gazetteer';
import type { CsvInput } from './input';

/** What the importer's thread is asked to read. */
export interface WorkerInput {
  input: CsvInput;
  batchSize: number;
  /** Batches that may be on their way to the writer at once. */
  inFlight: number;
  /** Whether this thread names each row's town (default), or leaves it to the one that takes the rows. */
  towns?: boolean;
}

/** An ack hands a batch back, its buffers transferred, to be filled again: the batches go round, none is made anew. */
export type ToWorker = { type: 'ack'; batch?: RowBatch } | { type: 'stop' };

export type FromWorker =
  | { type: 'names'; names: readonly string[] }
  | { type: 'progress'; stats: ReturnType<typeof emptyStats> }
  | { type: 'batch'; batch: RowBatch; stats: ReturnType<typeof emptyStats> }
  | { type: 'end'; stats: ReturnType<typeof emptyStats> }
  | { type: 'error'; message: string };

const port = parentPort;
if (port === null) throw new Error('parse-worker runs as a worker thread');
const job = workerData as WorkerInput;

let credits = job.inFlight;
/** Batches the writer handed back: at most inFlight + 1 batches are ever made. */
const spare: RowBatch[] = [];
let stop = false;
let wake: (() => void) | undefined;
port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') {
    credits++;
    if (message.batch !== undefined) spare.push(message.batch);
  } else stop = true;
  wake?.();
});

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

try {
  const stats = emptyStats();
  const gazetteer = job.towns === false ? undefined : townGazetteer();
  if (gazetteer !== undefined) post({ type: 'names', names: gazetteer.names });
  let last = 0;
  const batches = readBatches({
    input: job.input,
    batchSize: job.batchSize,
    ...(gazetteer !== undefined && { gazetteer }),
    stats,
    stop: () => stop,
    newBatch: (capacity) => {
      const batch = spare.pop();
      if (batch === undefined || batch.key.length !== capacity) return newBatch(capacity);
      batch.length = 0;
      return batch;
    },
    onChunk: () => {
      const now = Date.now();
      if (now - last >= 100) {
        last = now;
        post({ type: 'progress', stats });
      }
    },
  });
  for await (const batch of batches) {
    while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
    credits--;
    post({ type: 'batch', batch, stats }, batchBuffers(batch));
  }
  post({ type: 'end', stats });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
