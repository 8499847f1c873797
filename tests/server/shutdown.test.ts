/**
 * Closing the server (a deploy's SIGTERM): requests in flight finish, and a connection that
 * carries no request does not hold the close. Node counts a connection that opened and never
 * sent a request as busy, so without `server/http/quietConnections.ts` it stayed open until the
 * headers timeout reaped it, a minute later.
 */
import net from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from './harness';
import { until } from './poll';

function connect(url: string): Promise<net.Socket> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => resolve(socket));
    socket.once('error', reject);
  });
}

describe('closing the server', () => {
  it('closes a connection that sent nothing at once, and one with a request in flight after its answer', async () => {
    const s = await startServer();
    let closed = false;
    try {
      // A client that connected and went quiet (a phone that lost the network).
      const quiet = await connect(s.url);
      let quietClosed = false;
      quiet.on('close', () => (quietClosed = true));
      quiet.on('error', () => undefined);

      // A request in flight: its headers are in, half its body is still to come.
      const body = 'user_string=nobody%40example.com&password=wrong-password&lang=en';
      let heard = false;
      s.app.fastify.server.once('request', () => (heard = true));
      const busy = await connect(s.url);
      let answer = '';
      let busyClosed = false;
      busy.on('close', () => (busyClosed = true));
      busy.on('error', () => undefined);
      busy.on('data', (d: Buffer) => (answer += d.toString()));
      busy.write(
        `POST /api/user/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 5)}`,
      );
      await until(() => heard, 'the server to read the headers');

      const closing = s.close().then(() => (closed = true));
      await until(() => quietClosed, 'the quiet connection to be closed', 20_000);
      expect(closed).toBe(false); // the request in flight still holds the close

      busy.write(body.slice(5));
      await until(() => answer.includes('\r\n\r\n'), 'the request in flight to be answered', 20_000);
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      await until(() => answer.includes('"type":"error"'), 'the answer body', 20_000);
      expect(answer.toLowerCase()).toContain('connection: close');
      await until(() => busyClosed, 'its connection to be closed after the answer', 20_000);
      await closing;
      expect(closed).toBe(true);
    } finally {
      if (!closed) await s.close().catch(() => undefined);
    }
  });
});
