/**
 * A TCP proxy a test can cut: what a server behind it looks like, to the app, when it restarts.
 * `down()` ends every connection and refuses new ones; `up()` accepts again.
 */
import net from 'node:net';

export interface TcpProxy {
  port: number;
  /** The connections cut and refused from now on. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetHost: string, targetPort: number): Promise<TcpProxy> {
  const open = new Set<net.Socket>();
  let accepting = true;
  const server = net.createServer((client) => {
    if (!accepting) return client.destroy();
    const upstream = net.connect(targetPort, targetHost);
    open.add(client).add(upstream);
    const close = () => {
      client.destroy();
      upstream.destroy();
      open.delete(client);
      open.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    down() {
      accepting = false;
      for (const s of open) s.destroy();
      open.clear();
    },
    up() {
      accepting = true;
    },
    close() {
      accepting = false;
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
