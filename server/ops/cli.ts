/**
 * The operator CLI: `npm run ops -- <command>`. It talks to the running server's /ops API, so
 * it works the same over PGlite or PostgreSQL. Later features add their commands to COMMANDS.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OPS_TOKEN_HEADER } from './OpsToken';

type Envelope<T> = { type: 'ok'; code: 1; message: T } | { type: string | number; code: 0; message: string };

interface Command {
  args: string;
  help: string;
  run(args: string[]): Promise<void>;
}

const baseUrl = process.env.OPS_URL || `http://127.0.0.1:${process.env.PORT || 8080}`;

function readToken(): string {
  if (process.env.OPS_TOKEN) return process.env.OPS_TOKEN;
  const file = path.resolve(process.env.DATA_DIR || 'data', 'ops.token');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    throw new UsageError(`no operator token: set OPS_TOKEN or start the server once so that it writes ${file}`);
  }
}

class UsageError extends Error {}

async function ops<T>(method: 'GET' | 'POST', route: string, body?: object): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${baseUrl}/ops${route}`, {
      method,
      headers: { [OPS_TOKEN_HEADER]: readToken(), ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
  } catch {
    throw new Error(`cannot reach the server at ${baseUrl} (is it running? set OPS_URL otherwise)`);
  }
  const envelope = (await res.json()) as Envelope<T>;
  if (envelope.type !== 'ok') throw new Error(String(envelope.message));
  return envelope.message as T;
}

const time = (ms: number | null | undefined) => (ms ? new Date(ms).toISOString().replace('T', ' ').slice(0, 16) : '');

/** Prints rows as an aligned table. */
function table(rows: Record<string, unknown>[], columns: string[]): void {
  if (!rows.length) {
    console.log('(none)');
    return;
  }
  const cells = rows.map((r) => columns.map((c) => String(r[c] ?? '')));
  const widths = columns.map((c, i) => Math.max(c.length, ...cells.map((row) => row[i]!.length)));
  const line = (values: string[]) =>
    values
      .map((v, i) => v.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(line(columns));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of cells) console.log(line(row));
}

function idArg(value: string | undefined): number {
  if (!value || !/^[1-9]\d*$/.test(value)) throw new UsageError('expected a numeric id');
  return Number(value);
}

interface UserRow {
  id: number;
  email: string | null;
  area_code: string | null;
  mobile: string | null;
  nickname: string;
  identity_level: number;
  created_at: number;
}

interface IdentityRow {
  id: number;
  user_id: number;
  email: string | null;
  level: number;
  id_type: string | null;
  name: string | null;
  card_id: string | null;
  status: string;
  reason: string | null;
  created_at: number;
  front: string | null;
  reverse: string | null;
}

export const COMMANDS: Record<string, Command> = {
  users: {
    args: '[search]',
    help: 'list users, newest first (search matches email, phone, nickname or id)',
    async run([q]) {
      const page = await ops<{ data: UserRow[]; total: number }>('GET', `/users${q ? `?q=${encodeURIComponent(q)}` : ''}`);
      table(
        page.data.map((u) => ({
          ...u,
          phone: u.mobile ? `+${u.area_code} ${u.mobile}` : '',
          level: u.identity_level,
          created: time(u.created_at),
        })),
        ['id', 'email', 'phone', 'nickname', 'level', 'created'],
      );
      console.log(`${page.data.length} of ${page.total}`);
    },
  },
  identities: {
    args: '[pending|approved|rejected|all]',
    help: 'list identity submissions (pending by default), with links to the document photos',
    async run([status = 'pending']) {
      const rows = await ops<IdentityRow[]>('GET', `/identities?status=${encodeURIComponent(status)}`);
      table(
        rows.map((r) => ({
          ...r,
          submitted: time(r.created_at),
          details: r.level === 1 ? `${r.id_type} ${r.name} ${r.card_id}` : 'document photos',
        })),
        ['id', 'user_id', 'email', 'level', 'status', 'details', 'reason', 'submitted'],
      );
      for (const r of rows.filter((x) => x.front))
        console.log(`#${r.id} front: ${baseUrl}${r.front}\n#${r.id} back:  ${baseUrl}${r.reverse}`);
    },
  },
  'approve-identity': {
    args: '<id>',
    help: 'approve a submission (once); the user is notified',
    async run([id]) {
      const row = await ops<IdentityRow>('POST', `/identities/${idArg(id)}/approve`);
      console.log(`identity #${row.id} approved: user ${row.user_id} is now level ${row.level}`);
    },
  },
  'reject-identity': {
    args: '<id> <reason…>',
    help: 'reject a submission with a reason the user will see (once)',
    async run([id, ...words]) {
      const reason = words.join(' ').trim();
      if (!reason) throw new UsageError('a reason is required');
      const row = await ops<IdentityRow>('POST', `/identities/${idArg(id)}/reject`, { reason });
      console.log(`identity #${row.id} rejected: ${row.reason}`);
    },
  },
};

function usage(): string {
  const lines = Object.entries(COMMANDS).map(([name, c]) => `  ${`${name} ${c.args}`.padEnd(44)} ${c.help}`);
  return [
    'usage: npm run ops -- <command> [arguments]',
    '',
    ...lines,
    '',
    `server: OPS_URL (now ${baseUrl}); token: OPS_TOKEN or DATA_DIR/ops.token`,
  ].join('\n');
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(usage());
    return 2;
  }
  try {
    await command.run(args);
    return 0;
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
