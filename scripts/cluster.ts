/**
 * `npm run cluster -- 3`: tries the app as a deployment of several nodes on one machine — N
 * identical nodes on one PostgreSQL and one Redis, behind a small reverse proxy on PORT (8080).
 * Not for production (docs/PLATFORM.md shows that layout); for seeing a leader hand over, a node
 * die, and a client on any node get every tick and its own messages.
 *
 *   DATABASE_URL  default postgres://postgres@127.0.0.1:5432/kestrel_cluster (created if missing)
 *   REDIS_URL     default redis://127.0.0.1:6379
 *   PORT          the proxy (default 8080); node i listens on PORT + i
 *
 * The proxy sends API calls round-robin (the nodes are stateless), keeps a socket.io client on
 * one node with a cookie (its long-polling fallback needs that; a WebSocket needs nothing), and
 * tries the next node when one refuses the connection. Nodes share `data/cluster/uploads` and one
 * operator token: `DATA_DIR=data/cluster/node-1 npm run ops -- …` operates the cluster.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const count = Number(process.argv[2] ?? 3);
if (!Number.isInteger(count) || count < 1 || count > 9) {
  console.error('usage: npm run cluster -- <nodes, 1 to 9>');
  process.exit(2);
}
const databaseUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/kestrel_cluster';
const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const proxyPort = Number(process.env.PORT || 8080);
const dataRoot = path.join(ROOT, 'data', 'cluster');
const COOKIE = 'kestrel_node';
/** A node that refused a connection is skipped this long. */
const DOWN_FOR_MS = 3_000;

/** Creates the cluster's database when it is missing (the default one, on a local server). */
async function ensureDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const admin = new URL(url);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!found.rowCount) {
      await client.query(`CREATE DATABASE "${name.replace(/"/g, '""')}"`);
      console.log(`cluster: created database ${name}`);
    }
  } finally {
    await client.end();
  }
}

/** One operator token for every node, kept in each node's data folder for the ops CLI. */
function sharedOpsToken(): string {
  const file = path.join(dataRoot, 'ops.token');
  if (!existsSync(file)) writeFileSync(file, `${randomBytes(32).toString('base64url')}\n`, { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

interface Node {
  index: number;
  port: number;
  child: ChildProcess | null;
  downUntil: number;
}

function startNode(node: Node, env: NodeJS.ProcessEnv): void {
  const dataDir = path.join(dataRoot, `node-${node.index}`);
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'ops.token'), `${env.OPS_TOKEN}\n`, { mode: 0o600 });
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...env, PORT: String(node.port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  node.child = child;
  const label = `[node ${node.index}] `;
  for (const stream of [child.stdout!, child.stderr!]) {
    let rest = '';
    stream.on('data', (chunk: Buffer) => {
      const lines = (rest + chunk.toString()).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) if (line.trim()) console.log(label + line);
    });
  }
  child.on('exit', (code, signal) => {
    node.child = null;
    console.log(`${label}exited (${signal ?? code}); the others carry on`);
  });
}

function cookieNode(header: string | undefined): number | null {
  const match = header?.match(new RegExp(`(?:^|;\\s*)${COOKIE}=(\\d)`));
  return match ? Number(match[1]) : null;
}

async function main(): Promise<void> {
  mkdirSync(path.join(dataRoot, 'uploads'), { recursive: true });
  await ensureDatabase(databaseUrl);
  // Build once here rather than in every node.
  await new Promise<void>((resolve, reject) =>
    spawn(process.execPath, ['scripts/build-if-needed.mjs'], { cwd: ROOT, stdio: 'inherit' }).on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error('build failed')),
    ),
  );
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    REDIS_URL: redisUrl,
    UPLOADS_DIR: path.join(dataRoot, 'uploads'),
    OPS_TOKEN: sharedOpsToken(),
    // The proxy on this machine names the client in X-Forwarded-For.
    TRUST_PROXY: '1',
  };
  const nodes: Node[] = Array.from({ length: count }, (_, i) => ({ index: i + 1, port: proxyPort + i + 1, child: null, downUntil: 0 }));
  // The first node creates the schema and the market history; the others start once it listens.
  startNode(nodes[0]!, env);
  await waitForPort(nodes[0]!.port);
  for (const node of nodes.slice(1)) startNode(node, env);

  let turn = 0;
  const pick = (preferred: number | null, skip: Set<number>): Node | null => {
    const now = Date.now();
    const up = (n: Node) => n.child !== null && n.downUntil <= now && !skip.has(n.index);
    const sticky = nodes.find((n) => n.index === preferred);
    if (sticky && up(sticky)) return sticky;
    for (let i = 0; i < nodes.length; i++) {
      const n = nodes[(turn++ + i) % nodes.length]!;
      if (up(n)) return n;
    }
    return null;
  };

  const server = http.createServer((req, res) => {
    const socketIo = req.url?.startsWith('/socket.io/') ?? false;
    const tried = new Set<number>();
    const forward = () => {
      const node = pick(socketIo ? cookieNode(req.headers.cookie) : null, tried);
      if (!node) {
        res.writeHead(502, { 'content-type': 'text/plain' }).end('no node is up');
        return;
      }
      tried.add(node.index);
      const headers = { ...req.headers, 'x-forwarded-for': req.socket.remoteAddress ?? '' };
      const upstream = http.request({ host: '127.0.0.1', port: node.port, method: req.method, path: req.url, headers }, (answer) => {
        const out = { ...answer.headers };
        if (socketIo && cookieNode(req.headers.cookie) !== node.index) {
          out['set-cookie'] = [...(answer.headers['set-cookie'] ?? []), `${COOKIE}=${node.index}; Path=/socket.io; HttpOnly; SameSite=Lax`];
        }
        res.writeHead(answer.statusCode ?? 502, out);
        answer.pipe(res);
      });
      upstream.on('error', (error: NodeJS.ErrnoException) => {
        // Refused: the request never reached the node, so another may take it.
        if (error.code === 'ECONNREFUSED' && !res.headersSent) {
          node.downUntil = Date.now() + DOWN_FOR_MS;
          forward();
        } else if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' }).end('node failed');
        else res.destroy();
      });
      req.pipe(upstream);
    };
    forward();
  });

  // WebSocket upgrades: to the client's node if it has one, else the next; bytes piped both ways.
  server.on('upgrade', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const node = pick(cookieNode(req.headers.cookie), new Set());
    if (!node) return client.destroy();
    const upstream = net.connect(node.port, '127.0.0.1', () => {
      const lines = [`${req.method} ${req.url} HTTP/1.1`];
      for (let i = 0; i < req.rawHeaders.length; i += 2) lines.push(`${req.rawHeaders[i]}: ${req.rawHeaders[i + 1]}`);
      lines.push(`X-Forwarded-For: ${req.socket.remoteAddress ?? ''}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      upstream.pipe(client).pipe(upstream);
    });
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', close);
    client.on('error', close);
  });

  server.listen(proxyPort, () => {
    console.log(
      [
        '',
        `  Kestrel cluster: ${count} node(s) behind http://localhost:${proxyPort}`,
        ...nodes.map((n) => `    node ${n.index}: http://127.0.0.1:${n.port}`),
        `  PostgreSQL ${databaseUrl}, Redis ${redisUrl}`,
        '  Stop a node to watch another take over:  kill <pid>  (pids: ps -ef | grep server/main.ts)',
        '',
      ].join('\n'),
    );
  });

  const stop = () => {
    server.close();
    for (const n of nodes) n.child?.kill('SIGTERM');
    setTimeout(() => process.exit(0), 3_000).unref();
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

function waitForPort(port: number, timeoutMs = 10 * 60_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve();
      });
      socket.on('error', () => {
        socket.destroy();
        if (Date.now() > end) reject(new Error(`node on ${port} did not start`));
        else setTimeout(attempt, 500);
      });
    };
    attempt();
  });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
