/**
 * Closing the server must not wait on connections that carry no request. Node counts a
 * connection that has opened but not yet sent a request as busy, so `server.close()` (and
 * Fastify's `forceCloseConnections: 'idle'`) leave it open until the headers timeout reaps it
 * (60 s, checked every 30 s); and a keep-alive connection whose request finishes after the close
 * began stays open for the keep-alive timeout (72 s). A phone that connected and lost the
 * network held a rolling restart for a minute or more.
 *
 * Here, as the server starts to close: every connection with no request in flight is closed;
 * each request in flight finishes and its connection closes after the answer (`Connection:
 * close`); new requests meanwhile are answered 503 (`return503OnClosing`). Upgraded connections
 * (socket.io's WebSockets) are the realtime hub's to close.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

export function closeQuietConnectionsOnClose(fastify: FastifyInstance): void {
  /** Plain HTTP connections and the answers each has in flight. */
  const connections = new Map<Socket, Set<ServerResponse>>();
  let closing = false;
  const server = fastify.server;
  server.on('connection', (socket: Socket) => {
    connections.set(socket, new Set());
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (req, res: ServerResponse) => {
    const inFlight = connections.get(req.socket);
    if (!inFlight) return;
    inFlight.add(res);
    if (closing) res.setHeader('connection', 'close');
    res.once('close', () => inFlight.delete(res));
  });
  server.on('upgrade', (req: { socket: Socket }) => connections.delete(req.socket));
  fastify.addHook('preClose', async () => {
    closing = true;
    for (const [socket, inFlight] of connections) {
      if (!inFlight.size) socket.destroy();
      for (const res of inFlight) {
        // Node closes the connection after an answer sent with `Connection: close`.
        if (!res.headersSent) res.setHeader('connection', 'close');
        else res.once('finish', () => socket.destroySoon());
      }
    }
  });
}
