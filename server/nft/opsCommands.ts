/**
 * The NFT operator commands of `npm run ops`: `nft-artist`, `nft-collection`,
 * `nft-artwork`, `nft-sale`, `nft-box`, `nft-orders`. A `--media`/`--poster` that names a file on
 * this machine is sent with the request (its kind is checked by the server from its bytes); any
 * other value names a file the server already has (server/nft/media/ or an earlier upload).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CliKit, Command } from '../ops/cliKit';

/** What the CLI lends its area commands. */
export default function nftCommands(kit: CliKit): Record<string, Command> {
  const read = (args: string[]) => {
    const flags = kit.flagArgs(args);
    const need = (name: string) => {
      const value = flags.get(name);
      if (!value) throw kit.usage(`--${name} is required (see: npm run ops -- help)`);
      return value;
    };
    const date = (name: string) => {
      const ms = Date.parse(need(name));
      if (!Number.isFinite(ms)) throw kit.usage(`--${name}: not a date (e.g. 2026-12-01T00:00Z)`);
      return ms;
    };
    /** A media flag: a local file's bytes with its name, or the name of a stored file. */
    const file = (name: string, optional = false) => {
      const value = optional ? flags.get(name) : need(name);
      if (value === undefined) return { name: undefined, base64: undefined };
      if (existsSync(value) && statSync(value).isFile())
        return { name: path.basename(value), base64: readFileSync(value).toString('base64') };
      return { name: value, base64: undefined };
    };
    return { flags, need, date, file };
  };

  return {
    'nft-artist': {
      args: '--name <text> --bio <text> --media <avatar file> [--user <id or email>]',
      help: 'create an NFT artist (a linked user is paid for their primary sales)',
      async run(args) {
        const { flags, need, file } = read(args);
        const media = file('media');
        const a = await kit.call('/nft/artists/create', {
          name: need('name'),
          bio: need('bio'),
          user: flags.get('user'),
          media: media.name!,
          media_base64: media.base64,
        });
        console.log(`artist #${a.id} ${a.name}`);
      },
    },
    'nft-collection': {
      args: '--name <text> --description <text> --media <cover file> [--artist <id>]',
      help: 'create an NFT collection',
      async run(args) {
        const { flags, need, file } = read(args);
        const media = file('media');
        const c = await kit.call('/nft/collections/create', {
          name: need('name'),
          description: need('description'),
          artist_id: flags.get('artist'),
          media: media.name!,
          media_base64: media.base64,
        });
        console.log(`collection #${c.id} ${c.name}`);
      },
    },
    'nft-artwork': {
      args: '--title <text> --description <text> --type image|gif|audio|video --rarity N|R|SR|SSR --artist <id> --media <file> [--poster <file>] [--collection <id>] [--creator <text>]',
      help: 'create an NFT artwork with its media (audio and video need a --poster)',
      async run(args) {
        const { flags, need, file } = read(args);
        const media = file('media');
        const poster = file('poster', true);
        const w = await kit.call('/nft/artworks/create', {
          title: need('title'),
          description: need('description'),
          type: need('type') as 'image',
          rarity: need('rarity') as 'N',
          artist_id: need('artist'),
          collection_id: flags.get('collection'),
          creator: flags.get('creator'),
          media: media.name!,
          media_base64: media.base64,
          poster: poster.name,
          poster_base64: poster.base64,
        });
        console.log(`artwork #${w.id} ${w.code} ${w.title} (${w.type}, ${w.rarity})`);
      },
    },
    'nft-sale': {
      args: '--artwork <id> --mode normal|auction --price <amount> --start <ISO date> --end <ISO date> [--currency USDT] [--margin <amount> --increment <amount>] [--on-sale 1|0]',
      help: 'put an artwork the artist holds on sale at a fixed price or by auction',
      async run(args) {
        const { flags, need, date } = read(args);
        const w = await kit.call('/nft/sales/create', {
          artwork_id: need('artwork'),
          mode: need('mode') as 'normal',
          currency: flags.get('currency') ?? 'USDT',
          price: need('price'),
          starts_at: date('start'),
          ends_at: date('end'),
          margin: flags.get('margin'),
          increment: flags.get('increment'),
          on_sale: (flags.get('on-sale') ?? '1') as '1',
        });
        const s = w.sale!;
        console.log(
          `sale #${s.id} of ${w.code} ${w.title}: ${s.mode} ${s.price} ${s.currency}, ${kit.time(s.starts_at)} → ${kit.time(s.ends_at)}`,
        );
      },
    },
    'nft-box': {
      args: '--name <text> --description <text> --price <amount> --total <n> --start <ISO date> --end <ISO date> --odds N:6000:<artwork>,R:3000:<artwork>,… --media <cover file> [--artist <id>] [--currency USDT]',
      help: "create a blind box: odds are weights out of 10000 with each rarity's pool artwork; prints the seed commitment",
      async run(args) {
        const { flags, need, date, file } = read(args);
        const media = file('media');
        const b = await kit.call('/nft/boxes/create', {
          name: need('name'),
          description: need('description'),
          artist_id: flags.get('artist'),
          currency: flags.get('currency') ?? 'USDT',
          price: need('price'),
          total: need('total'),
          starts_at: date('start'),
          ends_at: date('end'),
          odds: need('odds'),
          media: media.name!,
          media_base64: media.base64,
        });
        console.log(
          `blind box #${b.id} ${b.name}: ${b.total} at ${b.price} ${b.currency}, ${kit.time(b.starts_at)} → ${kit.time(b.ends_at)}`,
        );
        console.log(`commitment ${b.commitment} (the seed is revealed when the sale ends)`);
      },
    },
    'nft-orders': {
      args: '[sale|pay|box|all]',
      help: 'list recent NFT sales, auction payment orders and blind-box orders',
      async run(args) {
        const kind = args[0] ?? 'all';
        if (!['sale', 'pay', 'box', 'all'].includes(kind)) throw kit.usage('expected one of sale, pay, box, all');
        const rows = await kit.call('/nft/orders', { kind: kind as 'all' });
        kit.table(
          rows.map((r) => ({ ...r, at: kit.time(r.at) })),
          ['kind', 'id', 'artwork', 'user', 'price', 'currency', 'status', 'at'],
        );
      },
    },
  };
}
