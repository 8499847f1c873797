/**
 * The OTC operator commands of `npm run ops` (docs/OTC.md): `otc-ads`,
 * `create-otc-ad`, `enable-otc-ad`, `disable-otc-ad`, `otc-orders`, `release`, `cancel`,
 * `confirm-paid`.
 */
import type { OpsOtcOrder } from '../../domain/otc/types';
import type { CliKit, Command } from '../ops/cliKit';

const STATES = ['open', 'appealed', 'all', 'pending_payment', 'paid', 'pending_release', 'completed', 'cancelled', 'expired'] as const;

export default function otcCommands(kit: CliKit): Record<string, Command> {
  const idArg = (id: string | undefined, usage: string) => {
    if (!id || !/^[1-9]\d{0,15}$/.test(id)) throw kit.usage(`usage: ${usage}`);
    return id;
  };
  const line = (verb: string, o: OpsOtcOrder) =>
    console.log(
      `otc order #${o.id} ${verb}: ${o.side} ${o.usdt_amount} USDT for ${o.fiat_amount} ${o.fiat} (${o.merchant}), user ${o.user_id}, now ${o.state}`,
    );

  return {
    'otc-ads': {
      args: '',
      help: 'list OTC adverts (side is the user’s: buy = the user buys USDT), with price, limits, USDT available',
      async run() {
        const rows = await kit.call('/otc/ads', {});
        kit.table(
          rows.map((a) => ({
            ...a,
            price: `${a.price} ${a.fiat}`,
            limits: `${a.min_fiat}–${a.max_fiat} ${a.fiat}`,
            available: a.available ?? '-',
            methods: a.payment_methods.join(','),
            enabled: a.enabled ? 'yes' : 'no',
          })),
          ['id', 'merchant', 'side', 'price', 'limits', 'available', 'methods', 'enabled', 'completed_orders'],
        );
      },
    },
    'create-otc-ad': {
      args: '--merchant <name> --side buy|sell --fiat USD --price <fiat per USDT> --min <fiat> --max <fiat> --methods bank_transfer,wise [--capacity <USDT>, buy only] [--details <payment details>] [--enabled 1|0]',
      help: 'create an OTC advert; side is the user’s side (buy: the user buys USDT from the merchant, needs --capacity)',
      async run(args) {
        const flags = kit.flagArgs(args);
        const need = (name: string) => {
          const value = flags.get(name);
          if (!value) throw kit.usage(`--${name} is required (see: npm run ops -- help)`);
          return value;
        };
        const a = await kit.call('/otc/ads/create', {
          merchant: need('merchant'),
          side: need('side'),
          fiat: need('fiat'),
          price: need('price'),
          min_fiat: need('min'),
          max_fiat: need('max'),
          payment_methods: need('methods'),
          capacity: flags.get('capacity'),
          details: flags.get('details'),
          enabled: flags.get('enabled'),
        });
        console.log(
          `otc advert #${a.id} ${a.merchant}: user ${a.side}s USDT at ${a.price} ${a.fiat}, ${a.min_fiat}–${a.max_fiat} ${a.fiat}${a.available === null ? '' : `, ${a.available} USDT available`}`,
        );
      },
    },
    'enable-otc-ad': {
      args: '<advert id>',
      help: 'put an OTC advert back on the market',
      async run([id]) {
        const a = await kit.call('/otc/ads/:id/enabled', { id: idArg(id, 'enable-otc-ad <advert id>'), enabled: '1' });
        console.log(`otc advert #${a.id} ${a.merchant}: on the market`);
      },
    },
    'disable-otc-ad': {
      args: '<advert id>',
      help: 'take an OTC advert off the market: it is no longer listed and takes no new order; its open orders run on',
      async run([id]) {
        const a = await kit.call('/otc/ads/:id/enabled', { id: idArg(id, 'disable-otc-ad <advert id>'), enabled: '0' });
        console.log(`otc advert #${a.id} ${a.merchant}: off the market (open orders run on)`);
      },
    },
    'otc-orders': {
      args: `[${STATES.join('|')}]`,
      help: 'list OTC orders (open by default); appealed orders first, with the reason',
      async run([state = 'open']) {
        if (!(STATES as readonly string[]).includes(state)) throw kit.usage(`expected one of ${STATES.join(', ')}`);
        const rows = await kit.call('/otc/orders', { state: state as 'open' });
        kit.table(
          rows.map((o) => ({
            ...o,
            usdt: `${o.usdt_amount} USDT`,
            fiat: `${o.fiat_amount} ${o.fiat}`,
            user: `${o.user_id} ${o.email ?? ''}`.trim(),
            created: kit.time(o.created_at),
            deadline: kit.time(o.pay_deadline),
            appeal: o.appealed_at === null ? '' : `${kit.time(o.appealed_at)}: ${o.appeal_reason}`,
          })),
          ['id', 'side', 'state', 'merchant', 'usdt', 'fiat', 'user', 'created', 'deadline', 'appeal'],
        );
      },
    },
    release: {
      args: '<order id>',
      help: 'release a paid OTC buy order (the merchant got the fiat): the USDT goes to the user, once',
      async run([id]) {
        line('released', await kit.call('/otc/orders/:id/release', { id: idArg(id, 'release <order id>') }));
      },
    },
    cancel: {
      args: '<order id>',
      help: 'cancel an open OTC order: a buy order’s USDT back to the merchant, a sell order’s back to the user, once',
      async run([id]) {
        line('cancelled', await kit.call('/otc/orders/:id/cancel', { id: idArg(id, 'cancel <order id>') }));
      },
    },
    'confirm-paid': {
      args: '<order id>',
      help: 'confirm the merchant paid the user the fiat for an OTC sell order: the USDT goes to the merchant, once',
      async run([id]) {
        line('settled', await kit.call('/otc/orders/:id/confirm-paid', { id: idArg(id, 'confirm-paid <order id>') }));
      },
    },
  };
}
