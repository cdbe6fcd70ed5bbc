import { parentPort, workerData } from 'node:worker_threads';
import { emptyStats, readBatches, type RowBatch } from './batch-reader';
import { townGazetteer } from './gazetteer';
import type { CsvInput } from './input';

/** What the importer's thread is asked to read. */
export interface WorkerInput {
  input: CsvInput;
  batchSize: number;
  /** Batches that may be on their way to the writer at once. */
  inFlight: number;
}

export type ToWorker = { type: 'ack' } | { type: 'stop' };

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
let stop = false;
let wake: (() => void) | undefined;
port.on('message', (message: ToWorker) => {
  if (message.type === 'ack') credits++;
  else stop = true;
  wake?.();
});

const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => port.postMessage(message, transfer);

try {
  const stats = emptyStats();
  const gazetteer = townGazetteer();
  post({ type: 'names', names: gazetteer.names });
  let last = 0;
  const batches = readBatches({
    input: job.input,
    batchSize: job.batchSize,
    gazetteer,
    stats,
    stop: () => stop,
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
    const { key, cellid, lac, lat, lon, samples, range, updated, radio, town } = batch;
    const buffers = [key, cellid, lac, lat, lon, samples, range, updated, radio, town].map(
      (a) => a.buffer as ArrayBuffer,
    );
    post({ type: 'batch', batch, stats }, buffers);
  }
  post({ type: 'end', stats });
} catch (error) {
  post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
}
