/**
 * The operator CLI: `npm run ops -- <command>`. It talks to the running server's /ops API
 * through the typed contract of `domain/ops/contract.ts`, so it works the same over PGlite or
 * PostgreSQL. The platform's own commands are here; an area's live in `server/<area>/opsCommands.ts`
 * (default-exporting `OpsCommands`), found there at start, so a new area's commands edit nothing here.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ApiEnvelope } from '../../domain/api/envelope';
import { formatAudit } from '../audit/runAudit';
import { opsEndpoints, opsUrl, type OpsInputOf, type OpsOutputOf, type OpsPath } from '../../domain/ops/contract';
import { OPS_COMMANDS_FILE, type CliKit, type Command, type OpsCommands } from './cliKit';
import { OPS_TOKEN_HEADER } from './OpsToken';

const REVIEW = ['pending', 'approved', 'rejected', 'all'] as const;
const WITHDRAWAL = ['pending', 'completed', 'rejected', 'all'] as const;

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

/**
 * Calls operator endpoint `path` of `domain/ops/contract.ts`: typed by the contract, so a
 * renamed endpoint or a changed input is a compile error here. `:id` is filled from the input;
 * the rest goes in the query (GET) or a JSON body (POST).
 */
async function call<P extends OpsPath>(path: P, input: OpsInputOf<P>, idempotencyKey?: string): Promise<OpsOutputOf<P>> {
  const { method } = opsEndpoints[path];
  const { url, rest } = opsUrl(path, input as Record<string, unknown>);
  const fields = Object.entries(rest).filter(([, v]) => v !== undefined);
  const query =
    method === 'GET' && fields.length ? `?${new URLSearchParams(fields.map(([k, v]): [string, string] => [k, String(v)]))}` : '';
  const body = method === 'POST' && fields.length ? JSON.stringify(Object.fromEntries(fields)) : undefined;
  const headers: Record<string, string> = { [OPS_TOKEN_HEADER]: readToken(), ...(body ? { 'content-type': 'application/json' } : {}) };
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey;
  let res: Response;
  // A request that moves money carries a key, so it is safe to send again when the answer was lost.
  for (let attempt = 1; ; attempt++) {
    try {
      res = await fetch(`${baseUrl}${url}${query}`, { method, headers, body });
      break;
    } catch {
      if (idempotencyKey && attempt < 3) {
        await new Promise((r) => setTimeout(r, 1000));
        continue;
      }
      const retry = idempotencyKey ? ` To retry without a second effect: OPS_IDEMPOTENCY_KEY=${idempotencyKey}` : '';
      throw new Error(`cannot reach the server at ${baseUrl} (is it running? set OPS_URL otherwise).${retry}`);
    }
  }
  const envelope = (await res.json()) as ApiEnvelope<OpsOutputOf<P>>;
  if (envelope.type !== 'ok') throw new Error(String(envelope.message));
  return envelope.message as OpsOutputOf<P>;
}

/** A status filter argument, or a usage error. */
function statusArg<S extends string>(value: string, allowed: readonly S[]): S {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`expected one of ${allowed.join(', ')}`);
  return value as S;
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

/** `--name value` pairs (a value may hold spaces when quoted by the shell), or a usage error. */
function flagArgs(args: string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i += 2) {
    const name = args[i]!;
    if (!name.startsWith('--') || args[i + 1] === undefined) throw new UsageError(`expected --flag value pairs, got ${name}`);
    flags.set(name.slice(2), args[i + 1]!);
  }
  return flags;
}

function idArg(value: string | undefined): number {
  if (!value || !/^[1-9]\d*$/.test(value)) throw new UsageError('expected a numeric id');
  return Number(value);
}

/** The reason words of a reject command, or a usage error. */
function reasonArg(words: string[]): string {
  const reason = words.join(' ').trim();
  if (!reason) throw new UsageError('a reason is required');
  return reason;
}

const OWN_COMMANDS: Record<string, Command> = {
  users: {
    args: '[search]',
    help: 'list users, newest first (search matches email, phone, nickname or id)',
    async run([q]) {
      const page = await call('/users', q ? { q } : {});
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
      const rows = await call('/identities', { status: statusArg(status, REVIEW) });
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
      const row = await call('/identities/:id/approve', { id: idArg(id) });
      console.log(`identity #${row.id} approved: user ${row.user_id} is now level ${row.level}`);
    },
  },
  'reject-identity': {
    args: '<id> <reason…>',
    help: 'reject a submission with a reason the user will see (once)',
    async run([id, ...words]) {
      const row = await call('/identities/:id/reject', { id: idArg(id), reason: reasonArg(words) });
      console.log(`identity #${row.id} rejected: ${row.reason}`);
    },
  },
  deposits: {
    args: '[pending|approved|rejected|all]',
    help: 'list deposit requests (pending by default), with links to the vouchers',
    async run([status = 'pending']) {
      const rows = await call('/deposits', { status: statusArg(status, REVIEW) });
      table(
        rows.map((r) => ({ ...r, requested: time(r.created_at), amount: `${r.amount} ${r.currency}` })),
        ['id', 'user_id', 'email', 'amount', 'network', 'sender', 'status', 'reason', 'requested'],
      );
      for (const r of rows.filter((x) => x.voucher)) console.log(`#${r.id} voucher: ${baseUrl}${r.voucher}`);
    },
  },
  'approve-deposit': {
    args: '<id>',
    help: 'credit a deposit to the user (once); the user is notified',
    async run([id]) {
      const row = await call('/deposits/:id/approve', { id: idArg(id) });
      console.log(`deposit #${row.id} approved: ${row.amount} ${row.currency} credited`);
    },
  },
  'reject-deposit': {
    args: '<id> <reason…>',
    help: 'reject a deposit with a reason the user will see (once)',
    async run([id, ...words]) {
      const row = await call('/deposits/:id/reject', { id: idArg(id), reason: reasonArg(words) });
      console.log(`deposit #${row.id} rejected: ${row.reason}`);
    },
  },
  withdrawals: {
    args: '[pending|completed|rejected|all]',
    help: 'list withdrawal requests (pending by default)',
    async run([status = 'pending']) {
      const rows = await call('/withdrawals', { status: statusArg(status, WITHDRAWAL) });
      table(
        rows.map((r) => ({
          ...r,
          requested: time(r.created_at),
          amount: `${r.amount} ${r.currency}`,
          arrival: `${r.arrival} ${r.currency}`,
          to: `${r.target_kind}: ${r.target_label} ${r.target_detail}`,
        })),
        ['id', 'user_id', 'email', 'amount', 'fee', 'arrival', 'to', 'status', 'reason', 'requested'],
      );
    },
  },
  'approve-withdrawal': {
    args: '<id>',
    help: 'complete a withdrawal after paying it out (once); the user is notified',
    async run([id]) {
      const row = await call('/withdrawals/:id/approve', { id: idArg(id) });
      console.log(`withdrawal #${row.id} completed: ${row.arrival} ${row.currency} to ${row.target_label}`);
    },
  },
  'reject-withdrawal': {
    args: '<id> <reason…>',
    help: 'reject a withdrawal and release the frozen amount (once)',
    async run([id, ...words]) {
      const row = await call('/withdrawals/:id/reject', { id: idArg(id), reason: reasonArg(words) });
      console.log(`withdrawal #${row.id} rejected, ${row.amount} ${row.currency} released: ${row.reason}`);
    },
  },
  credit: {
    args: '<user> <account> <currency> <amount> <reason…>',
    help: 'add money by hand (user by id, email or phone; account legal|change|lever|micro; currency by name or id); once per OPS_IDEMPOTENCY_KEY',
    async run([user, account, currency, amount, ...words]) {
      if (!user || !account || !currency || !amount) throw new UsageError('usage: credit <user> <account> <currency> <amount> <reason…>');
      const key = process.env.OPS_IDEMPOTENCY_KEY || randomUUID();
      const row = await call('/credit', { user, account, currency, amount, reason: reasonArg(words) }, key);
      console.log(`credit #${row.id}: ${row.amount} ${row.currency} to user ${row.user_id} (${row.account})`);
    },
  },
  traders: {
    args: '[pending|approved|rejected|all]',
    help: 'list copy-trading trader applications (pending by default), with followers',
    async run([status = 'pending']) {
      const rows = await call('/copytrade/traders', { status: statusArg(status, REVIEW) });
      table(
        rows.map((r) => ({ ...r, applied: time(r.applied_at), decided: time(r.decided_at) })),
        ['user_id', 'email', 'nickname', 'status', 'followers', 'reason', 'applied', 'decided'],
      );
    },
  },
  'approve-trader': {
    args: '<user>',
    help: 'approve a trader application (user by id or email), once; the user is notified',
    async run([user]) {
      if (!user) throw new UsageError('usage: approve-trader <user>');
      const row = await call('/copytrade/approve', { user });
      console.log(`trader ${row.user_id} (${row.email ?? row.nickname}) approved`);
    },
  },
  'reject-trader': {
    args: '<user> <reason…>',
    help: 'reject a trader application with a reason the user will see, once',
    async run([user, ...words]) {
      if (!user) throw new UsageError('usage: reject-trader <user> <reason…>');
      const row = await call('/copytrade/reject', { user, reason: reasonArg(words) });
      console.log(`trader ${row.user_id} rejected: ${row.reason}`);
    },
  },
  projects: {
    args: '',
    help: 'list IEO projects with their phase, window, subscriptions and allocation',
    async run() {
      const rows = await call('/ieo/projects', {});
      table(
        rows.map((p) => ({
          ...p,
          price: `${p.price} ${p.pay_currency}`,
          subscribed: `${p.subscribed} / ${p.total}`,
          window: `${time(p.starts_at)} → ${time(p.ends_at)}`,
          unlock: time(p.unlock_at),
          allocated: p.allocated ? 'yes' : '',
        })),
        ['id', 'token', 'name', 'phase', 'price', 'subscribed', 'window', 'unlock', 'allocated'],
      );
    },
  },
  'create-project': {
    args: '--name <text> --token <SYMBOL> --price <pay per token> --total <tokens> --min <tokens> --max <tokens> --start <ISO date> --end <ISO date> --lock-days <n> --whitepaper <url> --website <url> --description <text> [--decimals 2] [--pay USDT]',
    help: 'create an IEO project and its token (a new currency); every field is checked',
    async run(args) {
      const flags = flagArgs(args);
      const need = (name: string) => {
        const value = flags.get(name);
        if (!value) throw new UsageError(`--${name} is required (see: npm run ops -- help)`);
        return value;
      };
      const date = (name: string) => {
        const ms = Date.parse(need(name));
        if (!Number.isFinite(ms)) throw new UsageError(`--${name}: not a date (e.g. 2026-12-01T00:00Z)`);
        return ms;
      };
      const p = await call('/ieo/projects/create', {
        name: need('name'),
        token: need('token'),
        token_decimals: flags.get('decimals') ?? '2',
        pay_currency: flags.get('pay') ?? 'USDT',
        price: need('price'),
        total: need('total'),
        min_amount: need('min'),
        max_amount: need('max'),
        starts_at: date('start'),
        ends_at: date('end'),
        lock_days: need('lock-days'),
        whitepaper: need('whitepaper'),
        website: need('website'),
        description: need('description'),
      });
      console.log(
        `project #${p.id} ${p.name}: ${p.total} ${p.token} at ${p.price} ${p.pay_currency}, ${p.phase}, ${time(p.starts_at)} → ${time(p.ends_at)}, unlock ${time(p.unlock_at)}`,
      );
    },
  },
  audit: {
    args: '[--after <journal row>]',
    help: "recompute every settlement from the stored prices and inputs (npm run audit); with --after, only what the ledger moved money for after that journal row (a previous audit's last line names it): exit 1 on a mismatch, 2 when it cannot run",
    async run(args) {
      const flags = flagArgs(args);
      const after = flags.get('after');
      if (after !== undefined && !/^\d+$/.test(after)) throw new UsageError('--after: expected a journal row number');
      let report;
      try {
        report = await call('/audit', after === undefined ? {} : { after: Number(after) });
      } catch (error) {
        // Not audited is not "mismatches": a distinct exit code for scripts and CI.
        throw new UsageError(error instanceof Error ? error.message : String(error));
      }
      console.log(formatAudit(report));
      return report.mismatches > 0 ? 1 : 0;
    },
  },
};

/** Every area's commands (`server/<area>/opsCommands.ts`), in folder order; a name used twice is a mistake worth stopping for. */
async function areaCommands(kit: CliKit): Promise<Record<string, Command>> {
  const server = path.resolve(import.meta.dirname, '..');
  const found: Record<string, Command> = {};
  for (const area of readdirSync(server, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort()) {
    const file = path.join(server, area, OPS_COMMANDS_FILE);
    if (!existsSync(file)) continue;
    const commands = ((await import(pathToFileURL(file).href)) as { default: OpsCommands }).default(kit);
    for (const [name, command] of Object.entries(commands)) {
      if (name in OWN_COMMANDS || name in found)
        throw new Error(`operator command "${name}" is defined twice (server/${area}/${OPS_COMMANDS_FILE})`);
      found[name] = command;
    }
  }
  return found;
}

const COMMANDS: Record<string, Command> = {
  ...OWN_COMMANDS,
  ...(await areaCommands({ call, flagArgs, usage: (message) => new UsageError(message), table, time })),
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
    return (await command.run(args)) ?? 0;
  } catch (error) {
    console.error(`error: ${error instanceof Error ? error.message : String(error)}`);
    return error instanceof UsageError ? 2 : 1;
  }
}

process.exitCode = await main(process.argv.slice(2));
