import { Worker } from 'node:worker_threads';
import { townGazetteer, type Gazetteer } from '../../cells/gazetteer';
import { batchBuffers, readBatches, type ReadStats, type RowBatch } from './batch-reader';
import type { ImportOptions } from './import-options';
import type { FromWorker, ToWorker, WorkerInput } from './parse-worker';
import { workerSource } from './worker-source';

/**
 * Batches read, checked and named by parse-worker.ts, a few small ones ahead of the writer. Each is lent: when the
 * next is asked for, its buffers go back to the thread (transferred, not copied) to be filled again, so the
 * batches in flight are the same few all along instead of new buffers left for the garbage collector.
 */
export async function* threadBatches(
  job: Omit<WorkerInput, 'inFlight'> & Partial<Pick<WorkerInput, 'inFlight'>>,
  stats: ReadStats,
  onStats: () => void,
  onNames: (names: readonly string[]) => void,
  signal: AbortSignal | undefined,
): AsyncGenerator<RowBatch> {
  const workerData: WorkerInput = { inFlight: 4, ...job };
  const worker = new Worker(workerSource('parse-worker'), {
    eval: true,
    workerData,
    resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 8 },
  });
  const send = (message: ToWorker): void => worker.postMessage(message);
  const queue: FromWorker[] = [];
  let failure: Error | undefined;
  let exited = false;
  let wake: (() => void) | undefined;
  worker.on('message', (message: FromWorker) => {
    queue.push(message);
    wake?.();
  });
  worker.on('error', (error) => {
    failure = error;
    wake?.();
  });
  worker.on('exit', () => {
    exited = true;
    wake?.();
  });
  const stop = (): void => send({ type: 'stop' });
  signal?.addEventListener('abort', stop, { once: true });
  if (signal?.aborted === true) stop();
  try {
    for (;;) {
      const message = queue.shift();
      if (message === undefined) {
        if (failure !== undefined) throw failure;
        if (exited) throw new Error('the import thread stopped unexpectedly');
        await new Promise<void>((resolve) => (wake = resolve));
        continue;
      }
      if (message.type === 'error') throw new Error(message.message);
      if (message.type === 'names') {
        onNames(message.names);
        continue;
      }
      Object.assign(stats, message.stats);
      onStats();
      if (message.type === 'end') return;
      if (message.type === 'batch') {
        yield message.batch;
        worker.postMessage(
          { type: 'ack', batch: message.batch } satisfies ToWorker,
          batchBuffers(message.batch),
        );
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await worker.terminate();
  }
}

/** Names each part's rows as it passes; the gazetteer is made once the reading has begun (it takes 0.3 s). */
async function* named(parts: AsyncIterable<RowBatch>, gazetteer: () => Gazetteer): AsyncGenerator<RowBatch> {
  const iterator = parts[Symbol.asyncIterator]();
  try {
    const first = iterator.next();
    const towns = gazetteer();
    for (let next = await first; next.done !== true; next = await iterator.next()) {
      const part = next.value;
      for (let i = 0; i < part.length; i++) part.town[i] = towns.nearestIndex(part.lat[i]!, part.lon[i]!);
      yield part;
    }
  } finally {
    // Stops the reading thread when the writing stops first (a failed write).
    await iterator.return?.();
  }
}

/**
 * The rows to write, part by part: read and checked in a worker thread and named in this one as they come (the
 * two halves of the reading's work, about equal, on two cores), or all of it here with the given gazetteer.
 */
export function openBatches(
  options: Pick<ImportOptions, 'input' | 'signal' | 'gazetteer' | 'thread'>,
  partRows: number,
  stats: ReadStats,
  progress: () => void,
): { batches: AsyncIterable<RowBatch>; names: () => readonly string[] } {
  const inThread = options.thread === false || options.gazetteer !== undefined;
  if (inThread) {
    const gazetteer = options.gazetteer ?? townGazetteer();
    const batches = readBatches({
      input: options.input,
      batchSize: partRows,
      gazetteer,
      stats,
      stop: () => options.signal?.aborted === true,
      onChunk: progress,
    });
    return { batches, names: () => gazetteer.names };
  }
  // Parts enough ahead (about 1 MB each) that the reading goes on while this thread makes the gazetteer (0.3 s).
  const job = { input: options.input, batchSize: partRows, towns: false, inFlight: 32 };
  const parts = threadBatches(job, stats, progress, () => undefined, options.signal);
  return { batches: named(parts, townGazetteer), names: () => townGazetteer().names };
}
