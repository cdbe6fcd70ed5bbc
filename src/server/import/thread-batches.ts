import { Worker } from 'node:worker_threads';
import { batchBuffers, newBatch, ROW_COLUMNS, type ReadStats, type RowBatch } from './batch-reader';
import type { FromWorker, ToWorker, WorkerInput } from './parse-worker';

/* Built (dist-server/), the worker is parse-worker.js beside this code. Run from the sources (development,
   tests), it is TypeScript, so it starts by registering tsx's loader (Node 20 does not apply a `--import` from a
   worker's execArgv to the worker's own entry). */
function workerSource(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './parse-worker.ts' : './parse-worker.js', import.meta.url).href;
  if (!fromSources) return `import(${JSON.stringify(entry)})`;
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}

type Column = (typeof ROW_COLUMNS)[number];
type Numbers = Float64Array | Int32Array | Uint32Array | Uint8Array;

/**
 * Joins small batches into batches of exactly `size` rows (the last one fewer), copied into ONE batch made once
 * and filled again after each yield: a yielded batch is valid until the next is asked for. A part that does not
 * fit is split, in file order. Each part is read as soon as it comes, so the source may take it back (see
 * threadBatches).
 */
export async function* regroup(source: AsyncIterable<RowBatch>, size: number): AsyncGenerator<RowBatch> {
  let joined: RowBatch | undefined;
  for await (const part of source) {
    for (let from = 0; from < part.length;) {
      joined ??= newBatch(size);
      const rows = Math.min(part.length - from, size - joined.length);
      for (const column of ROW_COLUMNS as readonly Column[]) {
        (joined[column] as Numbers).set((part[column] as Numbers).subarray(from, from + rows), joined.length);
      }
      joined.length += rows;
      from += rows;
      if (joined.length === size) {
        yield joined;
        joined.length = 0;
      }
    }
  }
  if (joined !== undefined && joined.length > 0) yield joined;
}

/**
 * Batches read, checked and named by parse-worker.ts, a few small ones ahead of the writer. Each is lent: when the
 * next is asked for, its buffers go back to the thread (transferred, not copied) to be filled again, so the
 * batches in flight are the same few all along instead of new buffers left for the garbage collector.
 */
export async function* threadBatches(
  job: Omit<WorkerInput, 'inFlight'>,
  stats: ReadStats,
  onStats: () => void,
  onNames: (names: readonly string[]) => void,
  signal: AbortSignal | undefined,
): AsyncGenerator<RowBatch> {
  const workerData: WorkerInput = { ...job, inFlight: 4 };
  const worker = new Worker(workerSource(), {
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
