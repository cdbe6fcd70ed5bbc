import { Worker } from 'node:worker_threads';
import type { ReadStats, RowBatch } from './batch-reader';
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

/** Joins small batches into one of `size` rows or more (the thread sends small ones to keep memory flat). */
export async function* regroup(source: AsyncIterable<RowBatch>, size: number): AsyncGenerator<RowBatch> {
  let parts: RowBatch[] = [];
  let length = 0;
  const join = (): RowBatch => {
    const joined = { length } as RowBatch;
    const joinColumn = <T extends Float64Array | Int32Array | Uint32Array | Uint8Array>(
      column: 'key' | 'cellid' | 'lac' | 'lat' | 'lon' | 'samples' | 'range' | 'updated' | 'radio' | 'town',
      make: (size: number) => T,
    ): T => {
      const array = make(length);
      let at = 0;
      for (const part of parts) {
        array.set(part[column].subarray(0, part.length), at);
        at += part.length;
      }
      return array;
    };
    for (const column of ['key', 'cellid', 'lac', 'lat', 'lon', 'samples'] as const) {
      joined[column] = joinColumn(column, (size) => new Float64Array(size));
    }
    joined.range = joinColumn('range', (size) => new Int32Array(size));
    joined.updated = joinColumn('updated', (size) => new Uint32Array(size));
    joined.radio = joinColumn('radio', (size) => new Uint8Array(size));
    joined.town = joinColumn('town', (size) => new Int32Array(size));
    parts = [];
    length = 0;
    return joined;
  };
  for await (const part of source) {
    parts.push(part);
    length += part.length;
    if (length >= size) yield join();
  }
  if (length > 0) yield join();
}

/** Batches read, checked and named by parse-worker.ts, a few small ones ahead of the writer. */
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
        send({ type: 'ack' });
      }
    }
  } finally {
    signal?.removeEventListener('abort', stop);
    await worker.terminate();
  }
}
