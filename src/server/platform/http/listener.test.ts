import { createServer, IncomingMessage, ServerResponse, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Duplex } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createListener } from './listener';
import { PlainResponse } from './plain-response';

/* An answer node refuses to write (a header it will not send) must cost that one request, not the process:
   @hono/node-server writes a synchronous answer outside its own try, and its rejection would go unhandled. */
let server: Server;
let base: string;
const lines: string[] = [];

beforeAll(async () => {
  const app = new Hono();
  app.get('/broken', (c) => c.body('never sent', 200, { 'X-Bad': 'a\u0001b' }));
  app.get('/fine', (c) => c.text('fine'));
  app.use('/plain/*', async (c, next) => {
    await next();
    c.res.headers.set('X-Added-After', 'yes');
  });
  app.get('/plain/answer', () => new PlainResponse('<a>é</a>', 201, { 'Content-Type': 'application/xml' }));
  app.get('/plain/broken', () => new PlainResponse('never sent', 200, { 'X-Bad': 'a\u0001b' }));
  server = createServer(createListener(app, { hostname: '127.0.0.1', log: (line) => lines.push(line) }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((done) => server.close(done));
});

describe('the request listener', () => {
  it('answers 500 when an answer cannot be written, logs why (never the query), and serves on', async () => {
    const broken = await fetch(`${base}/broken?serviceKey=secret`);
    expect(broken.status).toBe(500);
    expect(broken.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await broken.text()).toBe('Something went wrong in the service.\n');
    expect(lines.join('\n')).toMatch(/^error GET \/broken: .*Invalid character in header content/);
    expect(lines.join('\n')).not.toContain('secret');
    expect(await (await fetch(`${base}/fine`)).text()).toBe('fine');
  });

  it("writes the service's own answers as they are, with the headers a middleware added after", async () => {
    const answer = await fetch(`${base}/plain/answer`);
    expect(answer.status).toBe(201);
    expect(answer.headers.get('content-type')).toBe('application/xml');
    expect(answer.headers.get('content-length')).toBe(String(Buffer.byteLength('<a>é</a>')));
    expect(answer.headers.get('x-added-after')).toBe('yes');
    expect(answer.headers.get('transfer-encoding')).toBeNull();
    expect(await answer.text()).toBe('<a>é</a>');
  });

  it('answers 500 when one of them cannot be written, and logs why', async () => {
    lines.length = 0;
    const broken = await fetch(`${base}/plain/broken?userKey=secret`);
    expect(broken.status).toBe(500);
    expect(await broken.text()).toBe('Something went wrong in the service.\n');
    expect(lines.join('\n')).toMatch(/^error GET \/plain\/broken: .*Invalid character in header content/);
    expect(lines.join('\n')).not.toContain('secret');
    expect(await (await fetch(`${base}/fine`)).text()).toBe('fine');
  });

  it('writes the answers made in one turn of the event loop together at its end, each whole and in order', async () => {
    const app = new Hono();
    app.get(
      '/n/:n',
      (c) => new PlainResponse(`answer ${c.req.param('n')}`, 200, { 'Content-Type': 'text/plain' }),
    );
    const listener = createListener(app, { hostname: '127.0.0.1', log: (line) => lines.push(line) });
    const wire: string[] = [];
    class SocketStandIn extends Duplex {
      readonly remoteAddress = '127.0.0.1';
      override _read(): void {}
      override _write(chunk: Buffer, _encoding: string, done: () => void): void {
        wire.push(chunk.toString());
        done();
      }
    }
    const responses: ServerResponse[] = [];
    // Asked before the requests come: runs before the listener's own turn-end write, after every answer is made.
    const beforeTheWrite = new Promise<boolean[]>((done) =>
      setImmediate(() => done(responses.map((res) => res.headersSent))),
    );
    for (const n of ['1', '2', '3']) {
      const socket = new SocketStandIn();
      const req = new IncomingMessage(socket as never);
      Object.assign(req, { method: 'GET', url: `/n/${n}`, headers: { host: 'here' }, complete: true });
      req.push(null);
      const res = new ServerResponse(req);
      res.assignSocket(socket as never);
      listener(req, res);
      responses.push(res);
    }
    expect(await beforeTheWrite).toEqual([false, false, false]);
    expect(wire).toEqual([]);
    await new Promise((done) => setImmediate(done));
    expect(responses.map((res) => res.writableFinished)).toEqual([true, true, true]);
    const answers = wire.join('').split(/(?=HTTP\/1\.1 )/);
    expect(answers.map((answer) => answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual([
      'answer 1',
      'answer 2',
      'answer 3',
    ]);
  });
});
