/**
 * The rewards operator commands of `npm run ops`: `coupon-kinds`,
 * `create-coupon-kind`, `grant-coupon` and `rebate-share`.
 */
import type { CliKit, Command } from '../ops/cliKit';

export default function rewardsCommands(kit: CliKit): Record<string, Command> {
  const date = (flags: Map<string, string>, name: string) => {
    const value = flags.get(name);
    if (value === undefined) return undefined;
    const ms = Date.parse(value);
    if (!Number.isFinite(ms)) throw kit.usage(`--${name}: not a date (e.g. 2026-12-01T00:00Z)`);
    return ms;
  };
  const need = (flags: Map<string, string>, name: string) => {
    const value = flags.get(name);
    if (!value) throw kit.usage(`--${name} is required (see: npm run ops -- help)`);
    return value;
  };
  return {
    'coupon-kinds': {
      args: '',
      help: 'list coupon kinds: type, value, threshold, validity, claimed/total, claim window',
      async run() {
        const kinds = await kit.call('/rewards/coupon-kinds', {});
        kit.table(
          kinds.map((k) => ({
            id: k.id,
            type: k.type,
            value: `${k.value} ${k.currency}`,
            threshold: k.threshold ?? '',
            days: k.valid_days,
            claimed: k.total ? `${k.claimed}/${k.total}` : 'grants only',
            from: k.total ? kit.time(k.claim_start) : '',
            to: k.total ? kit.time(k.claim_end) : '',
            status: k.status,
          })),
          ['id', 'type', 'value', 'threshold', 'days', 'claimed', 'from', 'to', 'status'],
        );
      },
    },
    'create-coupon-kind': {
      args: '--type futures_fee|deposit_bonus --value <USDT> --days <valid days> [--threshold <USDT>] [--total <n> --end <ISO date> [--start <ISO date>] | --grant-only 1]',
      help: 'create a coupon kind: claimable (quantity, window) or given only with grant-coupon (--grant-only 1)',
      async run(args) {
        const flags = kit.flagArgs(args);
        const grantOnly = flags.has('grant-only');
        const k = await kit.call('/rewards/coupon-kinds/create', {
          type: need(flags, 'type') as 'futures_fee',
          value: need(flags, 'value'),
          valid_days: need(flags, 'days'),
          threshold: flags.get('threshold'),
          claimable: grantOnly ? '0' : '1',
          total: grantOnly ? undefined : flags.get('total'),
          claim_start: grantOnly ? undefined : date(flags, 'start'),
          claim_end: grantOnly ? undefined : date(flags, 'end'),
        });
        console.log(`coupon kind #${k.id} ${k.type} ${k.value} ${k.currency}${k.total ? ` (${k.total} to claim)` : ' (grants only)'}`);
      },
    },
    'grant-coupon': {
      args: '<user id or email> <kind id>',
      help: "give a user one coupon of a kind (no quantity or window; it is valid the kind's days from now)",
      async run([user, kind]) {
        if (!user || !kind) throw kit.usage('usage: grant-coupon <user id or email> <kind id>');
        const c = await kit.call('/rewards/coupons/grant', { user, kind_id: kind });
        console.log(`coupon #${c.id} ${c.type} ${c.value} ${c.currency} to ${user}, expires ${kit.time(c.expires_at)}`);
      },
    },
    'rebate-share': {
      args: '[<fraction, e.g. 0.2>]',
      help: "show or set the share of invitees' trading fees paid to inviters",
      async run([share]) {
        const answer = await kit.call('/rewards/rebate-share', share === undefined ? {} : { share });
        console.log(`rebate share ${answer.share}`);
      },
    },
  };
}
