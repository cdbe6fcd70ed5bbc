import type { Server } from 'node:http';
import { connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, SERVER_LIMITS, type HttpServer } from './http-server';

/* Slow clients: a half-sent request must not hold a connection for long, nor hold up a shutdown. */
const started: HttpServer[] = [];
afterEach(() => {
  for (const { server } of started.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

let received: () => void = () => undefined;

async function serve(limits = SERVER_LIMITS): Promise<{ http: HttpServer; port: number }> {
  const http = createHttpServer((_req, res) => {
    received();
    setTimeout(() => res.end('done'), 200);
  }, limits);
  started.push(http);
  await new Promise<void>((done) => http.server.listen(0, '127.0.0.1', done));
  return { http, port: (http.server.address() as AddressInfo).port };
}

function halfRequest(port: number): Promise<Socket> {
  return new Promise((done) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      done(socket);
    });
    socket.on('error', () => undefined);
  });
}

const closed = (socket: Socket): Promise<void> =>
  socket.closed ? Promise.resolve() : new Promise((done) => socket.once('close', () => done()));

function within<T>(ms: number, promise: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, fail) => setTimeout(() => fail(new Error(`${what}: not within ${ms} ms`)), ms)),
  ]);
}

describe('the HTTP server', () => {
  it('has header and request timeouts and a connection cap', async () => {
    const { http } = await serve();
    const server: Server = http.server;
    expect(server.headersTimeout).toBe(10_000);
    expect(server.requestTimeout).toBe(30_000);
    expect(server.maxConnections).toBe(1000);
  });

  it('closes a connection whose headers do not arrive in time', async () => {
    const { port } = await serve({
      ...SERVER_LIMITS,
      headersTimeoutMs: 300,
      requestTimeoutMs: 600,
      maxConnections: 10,
    });
    const socket = await halfRequest(port);
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    await within(5000, closed(socket), 'the half-sent request closed');
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes connections over the cap as they come', async () => {
    const { port } = await serve({ ...SERVER_LIMITS, maxConnections: 2 });
    const held = [await halfRequest(port), await halfRequest(port)];
    const third = await halfRequest(port);
    await within(5000, closed(third), 'the third connection closed');
    expect(held.every((socket) => !socket.closed)).toBe(true);
    for (const socket of held) socket.destroy();
  });

  it('stops at once with a half-sent request open, and lets a request in flight finish', async () => {
    const { http, port } = await serve();
    const half = await halfRequest(port);
    const arrived = new Promise<void>((done) => (received = done));
    const pending = fetch(`http://127.0.0.1:${port}/slow`);
    await arrived;
    const stopped = new Promise<void>((done) => http.stop(done));
    await within(2000, closed(half), 'the half-sent request closed');
    expect(await (await pending).text()).toBe('done');
    await within(2000, stopped, 'the server stopped');
  });
});
