import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';

export interface ServerLimits {
  /** Time a client has to send a request's headers. */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request (not the time the answer takes). */
  requestTimeoutMs: number;
  /** Connections open at once; more are closed as they come. */
  maxConnections: number;
}

/* Node's defaults let a client that sends half a request hold its connection for a minute or more, and check
   only every 30 s. A GET to this service is a few hundred bytes. */
export const SERVER_LIMITS: ServerLimits = {
  headersTimeoutMs: 10_000,
  requestTimeoutMs: 30_000,
  maxConnections: 1000,
};

export interface HttpServer {
  server: Server;
  /** Stops taking connections, closes every connection without a request in flight (idle keep-alive and
   *  half-sent requests alike), lets the others finish, then calls `done`. */
  stop(done: () => void): void;
}

export function createHttpServer(
  listener: RequestListener,
  limits: ServerLimits = SERVER_LIMITS,
): HttpServer {
  const server = createServer(
    { connectionsCheckingInterval: Math.min(1000, limits.headersTimeoutMs) },
    listener,
  );
  server.headersTimeout = limits.headersTimeoutMs;
  server.requestTimeout = limits.requestTimeoutMs;
  server.maxConnections = limits.maxConnections;

  const inFlight = new Map<Socket, number>();
  let stopping = false;
  server.on('connection', (socket: Socket) => {
    inFlight.set(socket, 0);
    socket.once('close', () => inFlight.delete(socket));
  });
  server.on('request', (req, res) => {
    const socket = req.socket;
    inFlight.set(socket, (inFlight.get(socket) ?? 0) + 1);
    res.once('close', () => {
      const left = (inFlight.get(socket) ?? 1) - 1;
      inFlight.set(socket, left);
      if (stopping && left === 0) socket.destroySoon();
    });
  });

  return {
    server,
    stop(done) {
      stopping = true;
      server.close(() => done());
      // server.close() does not close a connection whose request is only half sent, and stops the checks
      // that would time it out: without this, shutdown waits for the client.
      for (const [socket, count] of inFlight) if (count === 0) socket.destroy();
    },
  };
}
