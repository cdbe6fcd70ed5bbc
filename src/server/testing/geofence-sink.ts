import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

/** One delivery a test sink received. */
export interface Delivery {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
}

export interface TestSink {
  /** The sink's URL (plain http on 127.0.0.1: the documented loopback case). */
  url: string;
  deliveries: Delivery[];
  /** The status the next `n` deliveries are answered with (e.g. 503), then 204 again. */
  fail(n: number, status?: number): void;
  /** Resolves when `count` deliveries have arrived (or rejects after `ms`). */
  received(count: number, ms?: number): Promise<Delivery[]>;
}

const open: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const close of open.splice(0)) await close();
});

/** For tests: a consumer's sink on loopback that records what it is sent and can fail the first N. */
export async function startSink(): Promise<TestSink> {
  const deliveries: Delivery[] = [];
  let failing = 0;
  let failStatus = 503;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      deliveries.push({ headers: request.headers, body: JSON.parse(text) as Record<string, unknown> });
      if (failing > 0) {
        failing--;
        response.writeHead(failStatus).end();
        return;
      }
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  open.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sink`;
  return {
    url,
    deliveries,
    fail(n, status = 503) {
      failing = n;
      failStatus = status;
    },
    async received(count, ms = 5000) {
      const until = Date.now() + ms;
      while (deliveries.length < count) {
        if (Date.now() > until) {
          throw new Error(`the sink got ${deliveries.length} of ${count} deliveries in ${ms} ms`);
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return deliveries;
    },
  };
}
