/**
 * The operator's own commands of `npm run ops`, the risk view: `risk` prints the insurance fund and its flows,
 * the bad debt, per futures pair the open interest and the platform's net exposure against its
 * cap, and the largest accounts; `exposure-cap <symbol> <usdt>` sets a pair's cap.
 */
import type { CliKit, Command } from './cliKit';

const dash = (v: string | null) => v ?? '—';

export default function riskCommands(kit: CliKit): Record<string, Command> {
  return {
    risk: {
      args: '',
      help: 'the platform’s risk: insurance fund and flows, bad debt, open interest and net exposure per futures pair, largest accounts',
      async run() {
        const r = await kit.call('/risk', {});
        console.log(`Risk at ${kit.time(r.at)} (USDT)\n`);
        console.log('Insurance fund');
        kit.table(
          [
            { period: 'all time', fees_in: r.insurance.all_time.fees_in, shortfalls_out: r.insurance.all_time.shortfalls_out },
            { period: 'last 24 h', fees_in: r.insurance.last_24h.fees_in, shortfalls_out: r.insurance.last_24h.shortfalls_out },
          ],
          ['period', 'fees_in', 'shortfalls_out'],
        );
        console.log(`balance: ${r.insurance.balance}`);
        console.log(`bad debt: ${r.bad_debt.total} (booked by ${r.bad_debt.count} close${r.bad_debt.count === 1 ? '' : 's'})\n`);
        console.log('Futures pairs (the platform is the counterparty; net > 0: the platform is short)');
        kit.table(
          r.pairs.map((p) => ({
            ...p,
            mark: dash(p.mark),
            long_oi: dash(p.long_oi),
            short_oi: dash(p.short_oi),
            net: dash(p.net),
            cap: `${p.cap}${p.cap_source === 'operator' ? ' (set)' : ''}`,
            used: p.cap_used === null ? '—' : `${p.cap_used}%`,
          })),
          ['symbol', 'mark', 'positions', 'long_oi', 'short_oi', 'net', 'cap', 'used'],
        );
        console.log('\nLargest accounts by exposure (open positions at the mark)');
        kit.table(
          r.top_accounts.map((a) => ({ ...a, email: a.email ?? '' })),
          ['user_id', 'email', 'positions', 'value', 'margin'],
        );
      },
    },
    'exposure-cap': {
      args: '<symbol> <usdt>',
      help: 'set the platform’s net exposure cap of a futures pair (e.g. BTC/USDT 5000000); orders beyond it are refused',
      async run([symbol, max]) {
        if (!symbol || !max) throw kit.usage('usage: exposure-cap <symbol> <usdt>');
        if (!/^\d+(\.\d+)?$/.test(max)) throw kit.usage(`the cap must be a USDT amount of 0 or more, got ${max}`);
        const cap = await kit.call('/risk/exposure-cap', { symbol, max });
        console.log(`${cap.symbol}: net exposure cap ${cap.max} USDT (was ${cap.previous})`);
      },
    },
  };
}
