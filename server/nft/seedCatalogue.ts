/**
 * The NFT catalogue a fresh database starts with (first start only): four artists, three
 * collections, twelve artworks of every type (image, GIF, audio, video) on sale at fixed prices
 * and by auction around the start's clock (some started, some coming), and two blind boxes with
 * published odds, one on sale and one coming. Media are the generated files of server/nft/media/.
 * Everything goes through the operator's calls, so the seed obeys the same checks; nothing here
 * is a sale, a bid or an owner: those only come from users.
 */
import type { NftRarity, NftType } from '../../domain/nft/types';
import type { Clock } from '../clock';
import type { NftOperator } from './NftOperator';
import type { NftRepository } from './NftRepository';

const HOUR_MS = 3_600_000;

interface SeedArtwork {
  title: string;
  description: string;
  type: NftType;
  rarity: NftRarity;
  artist: number;
  collection?: number;
  media: string;
  poster?: string;
  /** On sale: fixed price, or an auction with its terms; start and end in hours from now. */
  sale: { mode: 'normal' | 'auction'; currency?: string; price: string; margin?: string; increment?: string; from: number; to: number };
}

const ARTISTS = [
  { name: 'Aurora Vale', bio: 'Paints light with code: slow gradients and auroras grown from noise fields.', media: 'artist-aurora.webp' },
  { name: 'Basalt Studio', bio: 'A two-person studio working in heat, stone and motion.', media: 'artist-basalt.webp' },
  { name: 'Cirrus Lin', bio: 'Sound and water: generative pieces that listen to themselves.', media: 'artist-cirrus.webp' },
  { name: 'Delta Ray', bio: 'Signals, lattices and machines that draw.', media: 'artist-delta.webp' },
];

const COLLECTIONS = [
  { name: 'Genesis', description: 'The first works minted on Kestrel.', artist: 0, media: 'collection-genesis.webp' },
  { name: 'Tides', description: 'Pieces about water, drift and return.', artist: 2, media: 'collection-tides.webp' },
  { name: 'Signals', description: 'Patterns found in noise.', artist: 3, media: 'collection-signals.webp' },
];

const ARTWORKS: SeedArtwork[] = [
  {
    title: 'Aurora Drift',
    description: 'Northern light over a field of noise, one frame of a slow animation.',
    type: 'image',
    rarity: 'R',
    artist: 0,
    collection: 0,
    media: 'art-aurora.webp',
    sale: { mode: 'normal', price: '120', from: -48, to: 30 * 24 },
  },
  {
    title: 'Ember Field',
    description: 'Heat maps of a cooling stone, printed in ember tones.',
    type: 'image',
    rarity: 'N',
    artist: 1,
    media: 'art-ember.webp',
    sale: { mode: 'normal', price: '45', from: -24, to: 30 * 24 },
  },
  {
    title: 'Lattice No. 7',
    description: 'The seventh of a series of lattices drawn by a plotter that forgets.',
    type: 'image',
    rarity: 'SR',
    artist: 3,
    collection: 2,
    media: 'art-lattice.webp',
    sale: { mode: 'auction', price: '200', margin: '20', increment: '10', from: -24, to: 72 },
  },
  {
    title: 'Bloom',
    description: 'A flower grown from a reaction-diffusion system.',
    type: 'image',
    rarity: 'N',
    artist: 2,
    collection: 1,
    media: 'art-bloom.webp',
    sale: { mode: 'normal', price: '60', from: 48, to: 30 * 24 },
  },
  {
    title: 'Drift',
    description: 'Currents traced over a day of tides.',
    type: 'image',
    rarity: 'R',
    artist: 2,
    collection: 1,
    media: 'art-drift.webp',
    sale: { mode: 'normal', currency: 'ETH', price: '0.05', from: -12, to: 30 * 24 },
  },
  {
    title: 'Prism',
    description: 'White light split by a prism that is only arithmetic.',
    type: 'image',
    rarity: 'SSR',
    artist: 0,
    collection: 0,
    media: 'art-prism.webp',
    sale: { mode: 'auction', price: '500', margin: '50', increment: '25', from: -1, to: 120 },
  },
  {
    title: 'Pulse',
    description: 'A heartbeat of concentric signals, looping.',
    type: 'gif',
    rarity: 'R',
    artist: 3,
    collection: 2,
    media: 'art-pulse.gif',
    sale: { mode: 'normal', price: '80', from: -72, to: 30 * 24 },
  },
  {
    title: 'Orbit',
    description: 'Bodies in orbit around nothing at all.',
    type: 'gif',
    rarity: 'SR',
    artist: 1,
    media: 'art-orbit.gif',
    sale: { mode: 'auction', price: '150', margin: '15', increment: '5', from: 24, to: 96 },
  },
  {
    title: 'Chime',
    description: "A pentatonic chime piece, generated from the artist's wind recordings.",
    type: 'audio',
    rarity: 'R',
    artist: 2,
    media: 'art-chime.mp3',
    poster: 'art-chime.webp',
    sale: { mode: 'normal', price: '35', from: -36, to: 30 * 24 },
  },
  {
    title: 'Nocturne',
    description: 'A night piece for sine waves.',
    type: 'audio',
    rarity: 'SR',
    artist: 0,
    collection: 0,
    media: 'art-nocturne.mp3',
    poster: 'art-nocturne.webp',
    sale: { mode: 'auction', price: '90', margin: '10', increment: '5', from: -1, to: 48 },
  },
  {
    title: 'Flow',
    description: 'A field of particles following a flow that keeps changing its mind.',
    type: 'video',
    rarity: 'SSR',
    artist: 3,
    collection: 2,
    media: 'art-flow.mp4',
    poster: 'art-flow.webp',
    sale: { mode: 'normal', price: '300', from: -24, to: 30 * 24 },
  },
  {
    title: 'Tide',
    description: 'Water rising and falling over a coded shore.',
    type: 'video',
    rarity: 'SR',
    artist: 2,
    collection: 1,
    media: 'art-tide.mp4',
    poster: 'art-tide.webp',
    sale: { mode: 'auction', price: '250', margin: '25', increment: '10', from: -2, to: 144 },
  },
];

const BOXES = [
  {
    name: 'Genesis Box',
    description: 'One piece of the Genesis series in every box: common, rare, super rare or legendary, by the published odds.',
    artist: 0,
    media: 'box-genesis.webp',
    price: '20',
    total: 500,
    from: -24,
    to: 30 * 24,
    pool: [
      { rarity: 'N' as const, weight: 6000, type: 'image' as const, media: 'box-genesis-n.webp', title: 'Genesis Spark' },
      { rarity: 'R' as const, weight: 3000, type: 'image' as const, media: 'box-genesis-r.webp', title: 'Genesis Flame' },
      { rarity: 'SR' as const, weight: 900, type: 'gif' as const, media: 'box-genesis-sr.gif', title: 'Genesis Halo' },
      { rarity: 'SSR' as const, weight: 100, type: 'gif' as const, media: 'box-genesis-ssr.gif', title: 'Genesis Crown' },
    ],
  },
  {
    name: 'Signals Box',
    description: 'A signal from the Signals series in every box, by the published odds.',
    artist: 3,
    media: 'box-signals.webp',
    price: '35',
    total: 200,
    from: 72,
    to: 33 * 24,
    pool: [
      { rarity: 'N' as const, weight: 5500, type: 'image' as const, media: 'box-signals-n.webp', title: 'Static' },
      { rarity: 'R' as const, weight: 3200, type: 'image' as const, media: 'box-signals-r.webp', title: 'Carrier' },
      { rarity: 'SR' as const, weight: 1000, type: 'image' as const, media: 'box-signals-sr.webp', title: 'Beacon' },
      { rarity: 'SSR' as const, weight: 300, type: 'gif' as const, media: 'box-signals-ssr.gif', title: 'First Contact' },
    ],
  },
];

export async function seedNftCatalogue(deps: { repo: NftRepository; operator: NftOperator; clock: Clock }): Promise<void> {
  if ((await deps.repo.artists.countArtists()) > 0) return;
  const now = Math.floor(deps.clock.now() / HOUR_MS) * HOUR_MS;
  const artists: number[] = [];
  for (const a of ARTISTS) artists.push((await deps.operator.createArtist(a)).id);
  const collections: number[] = [];
  for (const c of COLLECTIONS) collections.push((await deps.operator.createCollection({ ...c, artist_id: artists[c.artist] })).id);
  for (const w of ARTWORKS) {
    const artwork = await deps.operator.createArtwork({
      title: w.title,
      description: w.description,
      type: w.type,
      rarity: w.rarity,
      artist_id: artists[w.artist]!,
      collection_id: w.collection === undefined ? undefined : collections[w.collection],
      media: w.media,
      poster: w.poster,
    });
    await deps.operator.createSale({
      artwork_id: artwork.id,
      mode: w.sale.mode,
      currency: w.sale.currency ?? 'USDT',
      price: w.sale.price,
      margin: w.sale.margin,
      increment: w.sale.increment,
      starts_at: now + w.sale.from * HOUR_MS,
      ends_at: now + w.sale.to * HOUR_MS,
      on_sale: '1',
    });
  }
  for (const b of BOXES) {
    const pool = [];
    for (const p of b.pool) {
      const template = await deps.operator.createArtwork({
        title: p.title,
        description: `${b.name}: ${p.title}.`,
        type: p.type,
        rarity: p.rarity,
        artist_id: artists[b.artist]!,
        media: p.media,
      });
      pool.push(`${p.rarity}:${p.weight}:${template.id}`);
    }
    await deps.operator.createBox({
      name: b.name,
      description: b.description,
      artist_id: artists[b.artist],
      currency: 'USDT',
      price: b.price,
      total: b.total,
      starts_at: now + b.from * HOUR_MS,
      ends_at: now + b.to * HOUR_MS,
      odds: pool.join(','),
      media: b.media,
    });
  }
}
