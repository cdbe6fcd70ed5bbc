import { createServer, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** Time a client has to send a request's headers. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request (not the time the answer takes). */
  requestTimeoutMs: number;
  /** Connections open at once; more are closed as they come. */
  maxConnections: number;
  /** Requests one connection may have waiting for their answers (HTTP/1.1 pipelining): a client that sends more
   *  before reading is hung up on. Browsers do not pipeline. */
  maxPipelined: number;
}

/* Node's defaults let a client that sends half a request hold its connection for a minute or more, and check
   only every 30 s. A GET to this service is a few hundred bytes. */
export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1000,
  maxPipelined: 16,
};

export interface HttpServer {
  server: Server;
  /** Stops taking connections, closes every connection without a request in flight (idle keep-alive and
   *  half-sent requests alike), lets the others finish, then calls `done`. */
  stop(done: () => void): void;
}

/**
 * An answer queued behind an earlier one on a connection that has closed: node:http never gives it the socket nor
 * says it closed (it says so only of the answer on the socket), so what writes it, a file stream say, would wait
 * for ever, holding its descriptor and buffers. Closed as node closes the one on the socket: whoever writes it
 * (@hono/node-server, pipeline) sees 'close' and cancels its stream.
 */
function closeQueued(res: ServerResponse): void {
  res.destroy();
  res.emit('close');
}

export function createHttpServer(
  listener: RequestListener,
  limits: ServerLimits = SERVER_LIMITS,
): HttpServer {
  const pending = new Map<Socket, Set<ServerResponse>>();
  let stopping = false;
  const server = createServer(
    { connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs) },
    (req, res) => {
      const waiting = pending.get(req.socket);
      if (waiting === undefined) return listener(req, res);
      waiting.add(res);
      res.once('close', () => {
        waiting.delete(res);
        if (stopping && waiting.size === 0) req.socket.destroySoon();
      });
      if (waiting.size > limits.maxPipelined) req.socket.destroy();
      else if (waiting.size === 1) listener(req, res);
      // Pipelined: asked once the rest of what came with it is read, and not at all if that was over the bound.
      else
        process.nextTick(() => {
          if (!req.socket.destroyed) listener(req, res);
        });
    },
  );
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;

  server.on('connection', (socket: Socket) => {
    const waiting = new Set<ServerResponse>();
    pending.set(socket, waiting);
    socket.once('close', () => {
      pending.delete(socket);
      for (const res of waiting) if (res.socket === null && !res.writableFinished) closeQueued(res);
    });
  });

  return {
    server,
    stop(done) {
      stopping = true;
      server.close(() => done());
      // server.close() does not close a connection whose request is only half sent, and stops the checks
      // that would time it out: without this, shutdown waits for the client.
      for (const [socket, waiting] of pending) if (waiting.size === 0) socket.destroy();
    },
  };
}
