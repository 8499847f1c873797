/**
 * The NFT market (docs/NFT.md): the operator keeps fixed-price sales, auctions and blind boxes
 * live (on seeded or freshly made artworks, with the shipped media); users buy fixed prices
 * (sometimes several at once for one item: exactly one may win), pay an auction's margin and bid
 * (sometimes too low, which must be refused; sometimes in the last minute, which must move the
 * end), pay the auctions they won, buy and open blind boxes, resell what they own and collect.
 * Everything is paid from the coin account (`change`), mostly in USDT. What must have happened by
 * now: every ended sale closed, every margin of a closed auction refunded (but a winner's who may
 * still pay), every unpaid order expired after its day, every ended box's seed revealed.
 */
import { Decimal } from '../../../domain/decimal';
import { drawFault } from '../faults';
import { isOk, type Answer } from '../http';
import type { Ctx, Fault, SimUser } from '../types';
import type { AreaModule, Query } from './area';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
/** A bid in an auction's last minute moves its end one minute later (docs/NFT.md "Anti-sniping"). */
const ANTI_SNIPE_MS = MINUTE_MS;
/** How long the engine may take to do what fell due (it sweeps at each deadline and every minute). */
const GRACE_MS = MINUTE_MS;
const RARITIES = ['N', 'R', 'SR', 'SSR'] as const;
/** Media the server ships (server/nft/media/), by artwork type, with a poster where the type needs one. */
const MEDIA: Record<string, { media: string; poster?: string }[]> = {
  image: [{ media: 'art-aurora.webp' }, { media: 'art-ember.webp' }, { media: 'art-lattice.webp' }, { media: 'art-prism.webp' }],
  gif: [{ media: 'art-pulse.gif' }, { media: 'art-orbit.gif' }],
  audio: [
    { media: 'art-chime.mp3', poster: 'art-chime.webp' },
    { media: 'art-nocturne.mp3', poster: 'art-nocturne.webp' },
  ],
  video: [
    { media: 'art-flow.mp4', poster: 'art-flow.webp' },
    { media: 'art-tide.mp4', poster: 'art-tide.webp' },
  ],
};

const count = (ctx: Ctx, sql: string, user: SimUser) => async () => Number((await ctx.query<{ n: number }>(sql, [user.id]))[0]!.n);

/** The user's available balance of `currencyId` in the coin account, as the app reads it. */
async function available(ctx: Ctx, user: SimUser, currencyId: number): Promise<Decimal | null> {
  const d = await ctx.call<{ available: string }>(user, '/wallet/detail', { currency: String(currencyId), type: 'change' }, 'GET');
  return isOk(d) ? new Decimal(d.body.message.available) : null;
}

async function decimalsOf(ctx: Ctx, currencyId: number): Promise<number> {
  return Number((await ctx.query<{ decimals: number }>('SELECT decimals FROM currencies WHERE id = $1', [currencyId]))[0]!.decimals);
}

const userById = (ctx: Ctx, id: number) => ctx.users.find((x) => x.id === id) ?? null;

/**
 * Who acts on something only its holder can act on (a box to open, an order to pay, an artwork to
 * resell): the acting user when they hold one, else another simulated user who does.
 */
function actorOf(ctx: Ctx, user: SimUser, holders: string[]): SimUser | null {
  if (holders.includes(String(user.id))) return user;
  const others = [...new Set(holders)].map((id) => userById(ctx, Number(id))).filter((x): x is SimUser => x !== null);
  return others.length ? ctx.rng.pick(others) : null;
}

interface AuctionRow {
  id: string;
  code: string;
  price: string;
  bid: string | null;
  increment: string;
  bidder_id: string | null;
  ends_at: string;
  currency_id: number;
  margin: string | null;
}

/**
 * Live auctions the user may bid on (not their own, not leading), with the user's margin status;
 * `affordable`: only those whose margin is held or within the user's coin balance.
 */
async function biddable(ctx: Ctx, user: SimUser, affordable: boolean): Promise<AuctionRow[]> {
  const rows = await ctx.query<AuctionRow & { need: string }>(
    `SELECT s.id::text, w.code, s.price::text, s.bid::text, s.increment::text, s.bidder_id::text, s.ends_at::text, s.currency_id,
       s.margin::text AS need, m.status AS margin
     FROM nft_sales s JOIN nft_artworks w ON w.id = s.artwork_id
     LEFT JOIN nft_margins m ON m.sale_id = s.id AND m.user_id = $1
     WHERE s.mode = 'auction' AND s.status = 'listed' AND s.on_sale AND s.starts_at <= $2 AND s.ends_at > $2
       AND s.seller_id IS DISTINCT FROM $1::bigint AND s.bidder_id IS DISTINCT FROM $1::bigint
     ORDER BY s.id`,
    [user.id, ctx.world.clock.now()],
  );
  if (!affordable) return rows;
  const funds = await balances(
    ctx,
    user,
    rows.map((r) => r.currency_id),
  );
  return rows.filter((r) => r.margin === 'held' || (r.margin === null && funds.get(r.currency_id)?.gte(r.need)));
}

/** The user's coin balances of `currencies`. */
async function balances(ctx: Ctx, user: SimUser, currencies: number[]): Promise<Map<number, Decimal | null>> {
  const funds = new Map<number, Decimal | null>();
  for (const c of new Set(currencies)) funds.set(c, await available(ctx, user, c));
  return funds;
}

const marginCount = (ctx: Ctx, u: SimUser) => count(ctx, 'SELECT COUNT(*)::int AS n FROM nft_margins WHERE user_id = $1', u);

function payMargin(ctx: Ctx, u: SimUser, saleId: string, fault: Fault): Promise<Answer> {
  return ctx.money(u, { path: '/bind_box/marginNFT', params: { sale_id: saleId }, fault, effects: marginCount(ctx, u) });
}

export const nft: AreaModule = {
  actions: [
    {
      kind: 'nftList',
      area: 'nft',
      weight: 3,
      byUser: false,
      gen: (rng) => ({
        what: rng.weighted([
          ['normal', 3],
          ['auction', 4],
          ['box', 3],
        ] as const),
        price: rng.weighted([
          [String(rng.int(5, 60)), 5],
          [String(rng.int(60, 400)), 3],
          [String(rng.int(400, 2000)), 1],
        ] as const),
        marginPct: rng.int(5, 30),
        increment: rng.pick(['1', '2', '5', '10', '0.5']),
        // Most start now; some a few minutes ahead (refused until then).
        startIn: rng.chance(0.75) ? 0 : rng.int(1, 15) * MINUTE_MS,
        // Auctions run minutes to hours, boxes hours, fixed prices hours to days.
        auctionMs: rng.weighted([
          [rng.int(3, 30) * MINUTE_MS, 4],
          [rng.int(30, 180) * MINUTE_MS, 4],
          [rng.int(3, 12) * HOUR_MS, 2],
        ] as const),
        saleMs: rng.int(1, 72) * HOUR_MS,
        boxMs: rng.int(1, 12) * HOUR_MS,
        type: rng.pick(['image', 'gif', 'audio', 'video']),
        medium: rng.int(0, 3),
        rarity: rng.pick(RARITIES),
        // A fresh artwork even when one the artist holds is at hand.
        fresh: rng.chance(0.3),
        // A new artist linked to a simulated user, who is then paid for its primary sales.
        artistUser: rng.chance(0.08),
        boxPrice: String(rng.int(2, 40)),
        boxTotal: rng.weighted([
          [rng.int(2, 12), 1],
          [rng.int(30, 400), 2],
        ] as const),
        wN: rng.int(4000, 6000),
        wR: rng.int(2000, 3000),
        wSR: rng.int(300, 800),
      }),
      async run(ctx, _user, a) {
        const now = ctx.world.clock.now();
        const [live] = await ctx.query<{ normal: number; auction: number; box: number }>(
          `SELECT
             (SELECT COUNT(*)::int FROM nft_sales WHERE mode = 'normal' AND status = 'listed' AND on_sale AND starts_at <= $1 AND (ends_at IS NULL OR ends_at > $1)) AS normal,
             (SELECT COUNT(*)::int FROM nft_sales WHERE mode = 'auction' AND status = 'listed' AND on_sale AND ends_at > $1 AND ends_at <= $1 + ${12 * HOUR_MS}) AS auction,
             (SELECT COUNT(*)::int FROM nft_boxes WHERE on_sale AND ends_at > $1 AND sold < total) AS box`,
          [now],
        );
        // What is missing first (auctions ending within hours, a box with stock, a fixed price), so users
        // always have something live; else what was drawn.
        const what = live!.auction < 2 ? 'auction' : live!.box === 0 ? 'box' : live!.normal < 2 ? 'normal' : String(a.what);
        const artists = await ctx.query<{ id: number }>('SELECT id FROM nft_artists ORDER BY id');
        const starts = now + Number(a.startIn);

        if (what === 'box') {
          const templates = await ctx.query<{ id: number; rarity: string }>(
            'SELECT id, rarity FROM nft_artworks WHERE template ORDER BY id',
          );
          const weights = [Number(a.wN), Number(a.wR), Number(a.wSR)];
          const odds = RARITIES.map((rarity, i) => {
            const pool = templates.filter((t) => t.rarity === rarity);
            const weight = i < 3 ? weights[i]! : 10_000 - weights.reduce((s, w) => s + w, 0);
            return pool.length ? `${rarity}:${weight}:${ctx.rng.pick(pool).id}` : null;
          });
          if (odds.some((o) => o === null)) return 'skipped';
          const box = await ctx.ops('/nft/boxes/create', {
            name: `Sim Box ${ctx.step}`,
            description: 'A blind box put up by the simulation.',
            artist_id: ctx.rng.pick(artists).id,
            currency: 'USDT',
            price: String(a.boxPrice),
            total: Number(a.boxTotal),
            starts_at: starts,
            ends_at: starts + Number(a.boxMs),
            odds: odds.join(','),
            media: ctx.rng.pick(['box-genesis.webp', 'box-signals.webp']),
          });
          return isOk(box) ? 'ok' : 'refused';
        }

        // An artwork the artist holds, not on sale; or a new one.
        const held = await ctx.query<{ id: number }>(
          'SELECT id FROM nft_artworks WHERE NOT template AND owner_id IS NULL AND sale_id IS NULL ORDER BY id',
        );
        let artworkId: number;
        if (held.length && !a.fresh) artworkId = ctx.rng.pick(held).id;
        else {
          let artistId = ctx.rng.pick(artists).id;
          if (a.artistUser && ctx.users.length) {
            const who = ctx.rng.pick(ctx.users);
            const artist = await ctx.ops<{ id: number }>('/nft/artists/create', {
              name: `Sim Artist ${ctx.step}`,
              bio: 'An artist who trades on the platform too.',
              media: 'artist-delta.webp',
              user: String(who.id),
            });
            if (!isOk(artist)) return 'refused';
            artistId = artist.body.message.id;
          }
          const type = String(a.type);
          const files = MEDIA[type]!;
          const file = files[Number(a.medium) % files.length]!;
          const made = await ctx.ops<{ id: number }>('/nft/artworks/create', {
            title: `Sim ${type} ${ctx.step}`,
            description: 'An artwork made by the simulation.',
            type,
            rarity: String(a.rarity),
            artist_id: artistId,
            media: file.media,
            ...(file.poster ? { poster: file.poster } : {}),
          });
          if (!isOk(made)) return 'refused';
          artworkId = made.body.message.id;
        }

        const price = new Decimal(String(a.price));
        const auction = what === 'auction';
        const margin = Decimal.max(new Decimal(1), price.mul(Number(a.marginPct)).div(100).toDecimalPlaces(0, Decimal.ROUND_DOWN));
        const sale = await ctx.ops('/nft/sales/create', {
          artwork_id: artworkId,
          mode: auction ? 'auction' : 'normal',
          currency: 'USDT',
          price: price.toFixed(),
          starts_at: starts,
          ends_at: starts + Number(auction ? a.auctionMs : a.saleMs),
          ...(auction ? { margin: margin.toFixed(), increment: String(a.increment) } : {}),
        });
        return isOk(sale) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftBuy',
      area: 'nft',
      weight: 4,
      byUser: true,
      gen: (rng) => ({
        // Mostly one buyer; sometimes two to four users tapping Buy on the same item at once.
        racers: rng.weighted([
          [1, 7],
          [rng.int(2, 4), 3],
        ] as const),
        o1: rng.int(1, 1_000_000),
        o2: rng.int(1, 1_000_000),
        o3: rng.int(1, 1_000_000),
        affordable: rng.chance(0.85),
        f0: drawFault(rng),
        f1: drawFault(rng),
        f2: drawFault(rng),
        f3: drawFault(rng),
      }),
      async run(ctx, user, a) {
        let u = user!;
        const now = ctx.world.clock.now();
        const market = async (who: SimUser) => {
          const sales = await ctx.query<{ id: string; price: string; currency_id: number; seller_id: string | null }>(
            `SELECT id::text, price::text, currency_id, seller_id::text FROM nft_sales
             WHERE mode = 'normal' AND status = 'listed' AND on_sale AND starts_at <= $2 AND (ends_at IS NULL OR ends_at > $2)
               AND seller_id IS DISTINCT FROM $1::bigint
             ORDER BY id`,
            [who.id, now],
          );
          const funds = await balances(
            ctx,
            who,
            sales.map((s) => s.currency_id),
          );
          return { sales, within: sales.filter((s) => funds.get(s.currency_id)?.gte(s.price)) };
        };
        let { sales, within } = await market(u);
        if (a.affordable && !within.length) {
          // A user who can afford nothing on the market does not tap Buy; one who can does.
          const able = await ctx.query<{ user_id: string }>(
            `SELECT DISTINCT b.user_id::text FROM nft_sales s
             JOIN balances b ON b.currency_id = s.currency_id AND b.account = 2 AND b.user_id IS NOT NULL AND b.available >= s.price
             WHERE s.mode = 'normal' AND s.status = 'listed' AND s.on_sale AND s.starts_at <= $1 AND (s.ends_at IS NULL OR s.ends_at > $1)
               AND s.seller_id IS DISTINCT FROM b.user_id
             ORDER BY 1`,
            [now],
          );
          const other = actorOf(
            ctx,
            u,
            able.map((r) => r.user_id),
          );
          if (!other) return 'skipped';
          u = other;
          ({ sales, within } = await market(u));
        }
        if (!sales.length || (a.affordable && !within.length)) return 'skipped';
        // Mostly something the user can pay for; sometimes anything (a refusal for want of funds).
        const sale = ctx.rng.pick(a.affordable ? within : sales);

        const offsets = [0, Number(a.o1), Number(a.o2), Number(a.o3)].slice(0, Number(a.racers));
        const racers = [
          ...new Map(
            offsets
              .map((o) => ctx.users[(u.index + o) % ctx.users.length]!)
              .filter((r) => String(r.id) !== sale.seller_id)
              .map((r) => [r.id, r]),
          ).values(),
        ];
        const faults = [a.f0, a.f1, a.f2, a.f3] as Fault[];
        const canPay = await Promise.all(racers.map(async (r) => (await available(ctx, r, sale.currency_id))?.gte(sale.price) ?? false));
        const answers = await Promise.all(
          racers.map((r, i) =>
            ctx.money(r, {
              path: '/bind_box/buyNFT',
              params: { sale_id: sale.id },
              fault: faults[i]!,
              effects: count(ctx, "SELECT COUNT(*)::int AS n FROM nft_sales WHERE buyer_id = $1 AND mode = 'normal'", r),
            }),
          ),
        );
        const winners = racers.filter((_r, i) => isOk(answers[i]!));
        const who = racers.map((r) => r.id).join(', ');
        if (winners.length > 1)
          ctx.violation(`sale ${sale.id}: users ${winners.map((w) => w.id).join(', ')} all bought it (racers ${who})`);
        const [after] = await ctx.query<{ status: string; buyer_id: string | null }>(
          'SELECT status, buyer_id::text FROM nft_sales WHERE id = $1',
          [sale.id],
        );
        if (winners.length === 1 && (after!.status !== 'sold' || after!.buyer_id !== String(winners[0]!.id)))
          ctx.violation(`sale ${sale.id} was bought by user ${winners[0]!.id} but is ${after!.status} to ${after!.buyer_id}`);
        if (!winners.length && canPay.some(Boolean))
          ctx.violation(`sale ${sale.id} (live, ${sale.price}) was refused to every racer (${who}) though some could pay for it`);
        return winners.length ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftMargin',
      area: 'nft',
      weight: 2,
      byUser: true,
      // `again`: pays the margin of an auction the user already joined, which must be refused;
      // `reckless`: joins whatever the balance (mostly a user joins what they can pay for).
      gen: (rng) => ({ again: rng.chance(0.15), reckless: rng.chance(0.1), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        let u = user!;
        let rows = await biddable(ctx, u, !a.reckless);
        if (!rows.length && !a.again) {
          // Someone who can pay the margin of a live auction they have not joined yet joins it.
          const able = await ctx.query<{ user_id: string }>(
            `SELECT DISTINCT b.user_id::text FROM nft_sales s
             JOIN balances b ON b.currency_id = s.currency_id AND b.account = 2 AND b.user_id IS NOT NULL AND b.available >= s.margin
             WHERE s.mode = 'auction' AND s.status = 'listed' AND s.on_sale AND s.starts_at <= $1 AND s.ends_at > $1
               AND s.seller_id IS DISTINCT FROM b.user_id
               AND NOT EXISTS (SELECT 1 FROM nft_margins m WHERE m.sale_id = s.id AND m.user_id = b.user_id)
             ORDER BY 1`,
            [ctx.world.clock.now()],
          );
          const other = actorOf(
            ctx,
            u,
            able.map((r) => r.user_id),
          );
          if (!other) return 'skipped';
          u = other;
          rows = await biddable(ctx, u, true);
        }
        const joined = rows.filter((r) => r.margin !== null);
        const open = rows.filter((r) => r.margin === null);
        const again = a.again && joined.length > 0;
        const pool = again ? joined : open;
        if (!pool.length) return 'skipped';
        const sale = ctx.rng.pick(pool);
        const answer = await payMargin(ctx, u, sale.id, a.fault as Fault);
        if (again && isOk(answer)) ctx.violation(`user ${u.id} paid the margin of auction ${sale.id} a second time`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftBid',
      area: 'nft',
      weight: 4,
      byUser: true,
      gen: (rng) => ({
        // `equal`: the current bid again; `under`: less than the increment above it. Both must be refused.
        how: rng.weighted([
          ['raise', 8],
          ['equal', 1],
          ['under', 1],
        ] as const),
        steps: rng.weighted([
          [0, 5],
          [rng.int(1, 3), 3],
          [rng.int(4, 20), 1],
        ] as const),
        // Waits until a few seconds before an auction's end and bids then (the end must move a minute).
        snipe: rng.chance(0.25),
        snipeSec: rng.int(2, 55),
        joined: rng.chance(0.7),
        reckless: rng.chance(0.1),
        marginFault: drawFault(rng),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        let u = user!;
        let rows = await biddable(ctx, u, !a.reckless);
        if (!rows.length) {
          // Someone who already joined a live auction (and is not leading it) bids again.
          const joinedBy = await ctx.query<{ user_id: string }>(
            `SELECT DISTINCT m.user_id::text FROM nft_margins m JOIN nft_sales s ON s.id = m.sale_id
             WHERE m.status = 'held' AND s.status = 'listed' AND s.ends_at > $1 AND s.bidder_id IS DISTINCT FROM m.user_id ORDER BY 1`,
            [ctx.world.clock.now()],
          );
          const other = actorOf(
            ctx,
            u,
            joinedBy.map((r) => r.user_id),
          );
          if (!other) return 'skipped';
          u = other;
          rows = await biddable(ctx, u, true);
        }
        if (!rows.length) return 'skipped';
        const now0 = ctx.world.clock.now();
        const soon = rows.filter((r) => Number(r.ends_at) - now0 <= 6 * HOUR_MS && Number(r.ends_at) - now0 > Number(a.snipeSec) * 1000);
        const joined = rows.filter((r) => r.margin === 'held');
        let pick = ctx.rng.pick(a.snipe && soon.length ? soon : a.joined && joined.length ? joined : rows);
        // A sniper bids to win: at least the least acceptable bid.
        const how = a.snipe && soon.length ? 'raise' : String(a.how);
        if (a.snipe && soon.length) {
          await ctx.advance(Number(pick.ends_at) - now0 - Number(a.snipeSec) * 1000);
          rows = await biddable(ctx, u, false);
          const again = rows.find((r) => r.id === pick.id);
          if (!again) return 'skipped';
          pick = again;
        }
        if (pick.margin === null) {
          const paid = await payMargin(ctx, u, pick.id, a.marginFault as Fault);
          if (!isOk(paid)) return 'refused';
        }
        const decimals = await decimalsOf(ctx, pick.currency_id);
        const increment = new Decimal(pick.increment);
        const min = pick.bid === null ? new Decimal(pick.price) : new Decimal(pick.bid).plus(increment);
        const price =
          how === 'raise'
            ? min.plus(increment.mul(Number(a.steps)))
            : how === 'equal'
              ? pick.bid !== null
                ? new Decimal(pick.bid)
                : new Decimal(pick.price).minus(increment)
              : min.minus(increment.div(2)).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
        if (price.lte(0)) return 'skipped';
        const tooLow = price.lt(min);
        const now = ctx.world.clock.now();
        const answer = await ctx.money(u, {
          path: '/bind_box/auctionNFT',
          params: { code: pick.code, price: price.toFixed() },
          fault: a.fault as Fault,
          effects: count(ctx, 'SELECT COUNT(*)::int AS n FROM nft_bids WHERE user_id = $1', u),
        });
        if (!isOk(answer)) return 'refused';
        if (tooLow)
          ctx.violation(`auction ${pick.id}: a bid of ${price.toFixed()} by user ${u.id} was accepted below the least ${min.toFixed()}`);
        const [after] = await ctx.query<{ bid: string; bidder_id: string; ends_at: string }>(
          'SELECT bid::text, bidder_id::text, ends_at::text FROM nft_sales WHERE id = $1',
          [pick.id],
        );
        const end = Number(pick.ends_at);
        const expectedEnd = end - now <= ANTI_SNIPE_MS ? end + ANTI_SNIPE_MS : end;
        if (!new Decimal(after!.bid).eq(price) || after!.bidder_id !== String(u.id))
          ctx.violation(
            `auction ${pick.id}: user ${u.id}'s accepted bid of ${price.toFixed()} left the bid at ${after!.bid} by ${after!.bidder_id}`,
          );
        if (Number(after!.ends_at) !== expectedEnd)
          ctx.violation(
            `auction ${pick.id}: a bid ${Math.round((end - now) / 1000)} s before the end ${end} left the end at ${after!.ends_at}, the rule gives ${expectedEnd}`,
          );
        return 'ok';
      },
    },
    {
      kind: 'nftPay',
      area: 'nft',
      weight: 2,
      byUser: true,
      // `other`: the user tries to pay someone else's order, which must read as unknown.
      gen: (rng) => ({ other: rng.chance(0.1), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const u = user!;
        const pending = await ctx.query<{ id: string; user_id: string }>(
          `SELECT id::text, user_id::text FROM nft_pay_orders WHERE status = 'pending' AND pay_by > $1 ORDER BY id`,
          [ctx.world.clock.now()],
        );
        const mine = pending.filter((o) => o.user_id === String(u.id));
        const others = pending.filter((o) => o.user_id !== String(u.id));
        if (a.other) {
          if (!others.length) return 'skipped';
          const order = ctx.rng.pick(others);
          const answer = await ctx.money(u, { path: '/bind_box/payNFTOrder', params: { id: order.id }, fault: a.fault as Fault });
          if (isOk(answer)) ctx.violation(`user ${u.id} paid order ${order.id}, which is user ${order.user_id}'s`);
          return isOk(answer) ? 'ok' : 'refused';
        }
        // The acting user's own order; else some winner (a simulated user) paying theirs.
        const order = mine.length ? ctx.rng.pick(mine) : others.length ? ctx.rng.pick(others) : null;
        const payer = order ? userById(ctx, Number(order.user_id)) : null;
        if (!order || !payer) return 'skipped';
        const answer = await ctx.money(payer, {
          path: '/bind_box/payNFTOrder',
          params: { id: order.id },
          fault: a.fault as Fault,
          effects: count(ctx, "SELECT COUNT(*)::int AS n FROM nft_pay_orders WHERE user_id = $1 AND status = 'paid'", payer),
        });
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftBoxBuy',
      area: 'nft',
      weight: 3,
      byUser: true,
      gen: (rng) => ({
        quantity: rng.weighted([
          [1, 7],
          [rng.int(2, 4), 2],
          [10, 1],
        ] as const),
        affordable: rng.chance(0.9),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        let u = user!;
        const quantity = Number(a.quantity);
        const now = ctx.world.clock.now();
        // Mostly boxes the user can pay for that many of (sold out or not); sometimes whatever the balance.
        const shop = async (who: SimUser) => {
          const boxes = await ctx.query<{ id: number; price: string; currency_id: number }>(
            `SELECT id, price::text, currency_id FROM nft_boxes
             WHERE on_sale AND starts_at <= $2 AND ends_at > $2 AND seller_id IS DISTINCT FROM $1::bigint ORDER BY id`,
            [who.id, now],
          );
          if (!a.affordable) return boxes;
          const funds = await balances(
            ctx,
            who,
            boxes.map((b) => b.currency_id),
          );
          return boxes.filter((b) => funds.get(b.currency_id)?.gte(new Decimal(b.price).mul(quantity)));
        };
        let pool = await shop(u);
        if (!pool.length && a.affordable) {
          // Someone who can pay for that many boxes buys them.
          const able = await ctx.query<{ user_id: string }>(
            `SELECT DISTINCT b.user_id::text FROM nft_boxes x
             JOIN balances b ON b.currency_id = x.currency_id AND b.account = 2 AND b.user_id IS NOT NULL AND b.available >= x.price * $2
             WHERE x.on_sale AND x.starts_at <= $1 AND x.ends_at > $1 AND x.seller_id IS DISTINCT FROM b.user_id
             ORDER BY 1`,
            [now, quantity],
          );
          const other = actorOf(
            ctx,
            u,
            able.map((r) => r.user_id),
          );
          if (!other) return 'skipped';
          u = other;
          pool = await shop(u);
        }
        if (!pool.length) return 'skipped';
        const box = ctx.rng.pick(pool);
        const orders = count(ctx, 'SELECT COUNT(*)::int AS n FROM nft_box_orders WHERE user_id = $1', u);
        const before = await orders();
        // One box makes one order (the runner counts it); several make one each (counted here).
        const answer = await ctx.money(u, {
          path: '/bind_box/buyBlindBox',
          params: { box_id: String(box.id), quantity: String(quantity) },
          fault: a.fault as Fault,
          ...(quantity === 1 ? { effects: orders } : {}),
        });
        if (quantity > 1) {
          await ctx.settle();
          const made = (await orders()) - before;
          const expected = isOk(answer) ? quantity : 0;
          if (made !== expected)
            ctx.violation(
              `/bind_box/buyBlindBox (${String(a.fault)}): ${made} orders for ${isOk(answer) ? 'an accepted' : 'a refused'} call of ${quantity}, expected ${expected}`,
            );
        }
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftBoxOpen',
      area: 'nft',
      weight: 3,
      byUser: true,
      // `again`: opens a box already opened, which must be refused.
      gen: (rng) => ({ again: rng.chance(0.1), fault: drawFault(rng) }),
      async run(ctx, user, a) {
        const all = await ctx.query<{ id: string; user_id: string }>(
          `SELECT id::text, user_id::text FROM nft_box_orders WHERE status = $1 ORDER BY id`,
          [a.again ? 'opened' : 'unopened'],
        );
        const u = actorOf(
          ctx,
          user!,
          all.map((o) => o.user_id),
        );
        if (!u) return 'skipped';
        const order = ctx.rng.pick(all.filter((o) => o.user_id === String(u.id)));
        const answer = await ctx.money(u, {
          path: '/bind_box/openBlindBox',
          params: { id: order.id },
          fault: a.fault as Fault,
          effects: count(ctx, "SELECT COUNT(*)::int AS n FROM nft_box_orders WHERE user_id = $1 AND status = 'opened'", u),
        });
        if (a.again && isOk(answer)) ctx.violation(`user ${u.id} opened box order ${order.id} a second time`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftResell',
      area: 'nft',
      weight: 2,
      byUser: true,
      gen: (rng) => ({
        markup: rng.int(70, 250),
        // `wrong`: an artwork already on sale, or another's; either must be refused.
        wrong: rng.chance(0.1),
        fault: drawFault(rng),
      }),
      async run(ctx, user, a) {
        const rows = await ctx.query<{
          id: string;
          sale_id: string | null;
          owner_id: string;
          currency_id: number | null;
          paid: string | null;
        }>(
          `SELECT w.id::text, w.sale_id::text, w.owner_id::text, w.currency_id,
             COALESCE((SELECT COALESCE(s.bid, s.price) FROM nft_sales s WHERE s.artwork_id = w.id AND s.status = 'sold' ORDER BY s.id DESC LIMIT 1),
                      (SELECT o.price FROM nft_box_orders o WHERE o.artwork_id = w.id))::text AS paid
           FROM nft_artworks w WHERE w.owner_id IS NOT NULL AND NOT w.template ORDER BY w.id`,
        );
        const free = rows.filter((r) => r.sale_id === null);
        const owner = a.wrong
          ? user!
          : actorOf(
              ctx,
              user!,
              free.map((r) => r.owner_id),
            );
        if (!owner) return 'skipped';
        const u = owner;
        const pool = a.wrong
          ? rows.filter((r) => r.owner_id !== String(u.id) || r.sale_id !== null)
          : free.filter((r) => r.owner_id === String(u.id));
        if (!pool.length) return 'skipped';
        const w = ctx.rng.pick(pool);
        const currency = w.currency_id ?? 3;
        const decimals = await decimalsOf(ctx, currency);
        const price = new Decimal(w.paid ?? '10').mul(Number(a.markup)).div(100).toDecimalPlaces(decimals, Decimal.ROUND_DOWN);
        if (price.lte(0)) return 'skipped';
        const answer = await ctx.money(u, {
          path: '/bind_box/resellNFT',
          params: { id: w.id, price: price.toFixed() },
          fault: a.fault as Fault,
          effects: count(ctx, 'SELECT COUNT(*)::int AS n FROM nft_sales WHERE seller_id = $1 AND resale', u),
        });
        if (a.wrong && isOk(answer))
          ctx.violation(`user ${u.id} listed artwork ${w.id} (owner ${w.owner_id}, on sale ${w.sale_id ?? 'no'}) for resale`);
        return isOk(answer) ? 'ok' : 'refused';
      },
    },
    {
      kind: 'nftCollect',
      area: 'nft',
      weight: 1,
      byUser: true,
      gen: (rng) => ({ on: rng.chance(0.8) }),
      async run(ctx, user, a) {
        const u = user!;
        const rows = await ctx.query<{ id: string }>('SELECT id::text FROM nft_artworks WHERE NOT template ORDER BY id');
        if (!rows.length) return 'skipped';
        const w = ctx.rng.pick(rows);
        const answer = await ctx.call<{ collects: number }>(u, '/bind_box/collect', { id: w.id, collect: a.on ? '1' : '0' });
        if (!isOk(answer)) return 'refused';
        const [n] = await ctx.query<{ n: number }>('SELECT COUNT(*)::int AS n FROM nft_collects WHERE artwork_id = $1', [w.id]);
        if (Number(answer.body.message.collects) !== n!.n)
          ctx.violation(`artwork ${w.id} says ${answer.body.message.collects} collects, ${n!.n} users collected it`);
        return 'ok';
      },
    },
  ],
  due: [
    // The engine closes a sale once the clock reaches its end; an auction's stored end already carries its extensions.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; mode: string; ends_at: string; extensions: number }>(
          `SELECT id::text, mode, ends_at::text, extensions FROM nft_sales
           WHERE status = 'listed' AND ends_at IS NOT NULL AND ends_at <= $1 ORDER BY id LIMIT 5`,
          [now - GRACE_MS],
        )
      ).map(
        (r) =>
          `${r.mode === 'auction' ? 'auction' : 'fixed-price sale'} ${r.id} ended at ${new Date(Number(r.ends_at)).toISOString()}` +
          `${r.extensions ? ` (after ${r.extensions} extensions)` : ''} and is still listed`,
      ),
    // Every margin of a closed auction comes back, but the winner's while their order may still be paid.
    async (query: Query, now: number) =>
      (
        await query<{ sale_id: string; user_id: string; status: string }>(
          `SELECT m.sale_id::text, m.user_id::text, s.status FROM nft_margins m JOIN nft_sales s ON s.id = m.sale_id
           WHERE m.status = 'held' AND s.status <> 'listed' AND s.closed_at <= $1
             AND NOT (s.status = 'awaiting_payment' AND s.bidder_id = m.user_id)
           ORDER BY m.sale_id, m.user_id LIMIT 5`,
          [now - GRACE_MS],
        )
      ).map((r) => `auction ${r.sale_id} is ${r.status} and user ${r.user_id}'s margin is still held`),
    // A winner has a day from the end to pay; then the order expires and the margin is forfeited.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; pay_by: string }>(
          `SELECT id::text, pay_by::text FROM nft_pay_orders WHERE status = 'pending' AND pay_by <= $1 ORDER BY id LIMIT 5`,
          [now - GRACE_MS],
        )
      ).map((r) => `payment order ${r.id} was due by ${new Date(Number(r.pay_by)).toISOString()} and is still pending`),
    // A blind box's seed is revealed when its sale ends.
    async (query: Query, now: number) =>
      (
        await query<{ id: string; ends_at: string }>(
          `SELECT id::text, ends_at::text FROM nft_boxes WHERE revealed_at IS NULL AND ends_at <= $1 ORDER BY id LIMIT 5`,
          [now - GRACE_MS],
        )
      ).map((r) => `blind box ${r.id} ended at ${new Date(Number(r.ends_at)).toISOString()} and its seed is not revealed`),
  ],
};
