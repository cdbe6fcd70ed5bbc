import type { AddressInfo } from 'node:net';
import { connect, type Socket } from 'node:net';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { createHttpServer, SERVER_LIMITS, type HttpServer } from './http-server';
import { createListener } from './listener';

/* HTTP/1.1 pipelining: answers wait in line behind the one on the socket. What is in line when the client hangs up
   must go with it, and one connection may not line up more than SERVER_LIMITS.maxPipelined. */
const started: HttpServer[] = [];
afterEach(() => {
  for (const { server } of started.splice(0)) {
    server.closeAllConnections();
    server.close();
  }
});

async function serve(app: Hono): Promise<number> {
  const http = createHttpServer(createListener(app, { hostname: '127.0.0.1', log: () => undefined }));
  started.push(http);
  await new Promise<void>((done) => http.server.listen(0, '127.0.0.1', done));
  return (http.server.address() as AddressInfo).port;
}

function send(port: number, path: string, count: number): Socket {
  const socket = connect(port, '127.0.0.1', () => {
    socket.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`.repeat(count));
  });
  socket.on('error', () => undefined);
  return socket;
}

const closed = (socket: Socket): Promise<void> =>
  socket.closed ? Promise.resolve() : new Promise((done) => socket.once('close', () => done()));

async function until(what: string, check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((done) => setTimeout(done, 20));
  }
}

describe('pipelined requests', () => {
  it('closes the streams of answers still in line when the client hangs up', async () => {
    let open = 0;
    let made = 0;
    const app = new Hono();
    // A file as serveStatic sends it: a node stream, read as the socket takes it, as a web stream.
    app.get('/file', () => {
      made++;
      open++;
      const chunk = Buffer.alloc(64 * 1024, 'x');
      const file = new Readable({ read: () => void file.push(chunk) });
      file.once('close', () => open--);
      return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>);
    });
    const port = await serve(app);
    const socket = send(port, '/file', 5);
    await new Promise((done) => socket.once('data', done));
    await until('every answer made', () => made === 5);
    socket.destroy();
    await until('every stream closed', () => open === 0);
  });

  it(`answers ${SERVER_LIMITS.maxPipelined} in line, each in order, and hangs up on a client that lines up more`, async () => {
    let asked = 0;
    const app = new Hono();
    app.get('/n', (c) => c.text(`answer ${++asked}`));
    const port = await serve(app);
    const fine = send(port, '/n', SERVER_LIMITS.maxPipelined);
    let wire = '';
    fine.on('data', (chunk: Buffer) => (wire += chunk.toString()));
    await until('every answer', () => wire.includes(`answer ${SERVER_LIMITS.maxPipelined}`));
    expect(wire.match(/answer \d+/g)).toEqual(
      Array.from({ length: SERVER_LIMITS.maxPipelined }, (_, i) => `answer ${i + 1}`),
    );
    fine.destroy();

    asked = 0;
    const greedy = send(port, '/n', SERVER_LIMITS.maxPipelined + 4);
    greedy.resume();
    await closed(greedy);
    // Those that came with one too many (one packet on loopback) are not even asked: only the first is.
    expect(asked).toBeLessThan(SERVER_LIMITS.maxPipelined);
  });
});
