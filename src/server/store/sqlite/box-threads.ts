import { Worker } from 'node:worker_threads';
import type { BoxAsk, BoxReply, BoxWorkerInput } from './box-worker';
import type { BoxAnswer, BoxQuery } from '../cells-in-box-port';

/* Built (dist-server/), the worker is box-worker.js beside this code. Run from the sources (development, tests), it
   is TypeScript, so it starts by registering tsx's loader, as import/thread-batches.ts starts its parser. */
function workerSource(): string {
  const fromSources = import.meta.url.endsWith('.ts');
  const entry = new URL(fromSources ? './box-worker.ts' : './box-worker.js', import.meta.url).href;
  if (!fromSources) return `import(${JSON.stringify(entry)})`;
  const api = import.meta.resolve('tsx/esm/api');
  return `import(${JSON.stringify(api)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
}

interface Thread {
  worker: Worker;
  pending: Map<number, { resolve(answer: BoxAnswer): void; reject(error: Error): void }>;
}

export interface BoxThreads {
  cellsInBox(query: BoxQuery): Promise<BoxAnswer>;
  close(): Promise<void>;
}

/**
 * Cells in a box answered by `size` threads, each with its own read-only connection to `file` (WAL lets them read
 * beside the service's writer): a read looks through up to MAX_LOOKED_THROUGH entries and reads thousands of rows,
 * and on the event loop five of them at once held every other request up. The threads start at the first read; one
 * that fails is replaced at the next, and its reads in flight fail (500), never hang.
 */
export function boxThreads(file: string, size = 2): BoxThreads {
  const threads: Thread[] = [];
  let next = 0;

  function start(): Thread {
    const workerData: BoxWorkerInput = { file };
    const worker = new Worker(workerSource(), { eval: true, workerData });
    const thread: Thread = { worker, pending: new Map() };
    const fail = (error: Error): void => {
      const at = threads.indexOf(thread);
      if (at >= 0) threads.splice(at, 1);
      for (const { reject } of thread.pending.values()) reject(error);
      thread.pending.clear();
    };
    worker.on('message', (reply: BoxReply) => {
      const waiting = thread.pending.get(reply.id);
      thread.pending.delete(reply.id);
      if (thread.pending.size === 0) worker.unref();
      if ('error' in reply) waiting?.reject(new Error(`cells in a box: ${reply.error}`));
      else waiting?.resolve(reply.answer);
    });
    worker.on('error', (error) =>
      fail(new Error(`cells in a box: its thread failed: ${error.message || error.name}`, { cause: error })),
    );
    worker.on('exit', (code) => fail(new Error(`cells in a box: its thread stopped (exit code ${code})`)));
    worker.unref();
    threads.push(thread);
    return thread;
  }

  /** The thread with the fewest reads in flight. All start together at the first read (or after one failed), so
   *  that no later read waits for a thread to start while another is idle. */
  function pick(): Thread {
    while (threads.length < size) start();
    return threads.reduce((a, b) => (b.pending.size < a.pending.size ? b : a));
  }

  return {
    cellsInBox(query) {
      const thread = pick();
      const id = next++;
      return new Promise((resolve, reject) => {
        thread.pending.set(id, { resolve, reject });
        // Held while a read is in flight: the process waits for its answer, never for an idle thread.
        thread.worker.ref();
        thread.worker.postMessage({ id, query } satisfies BoxAsk);
      });
    },
    async close() {
      await Promise.all(threads.splice(0).map(({ worker }) => worker.terminate()));
    },
  };
}
