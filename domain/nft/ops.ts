/**
 * The NFT operator endpoints (merged into domain/ops/contract.ts): `npm run ops --` `nft-artist`,
 * `nft-collection`, `nft-artwork` (with a media file), `nft-sale` (fixed price or auction),
 * `nft-box` (a blind box with its odds) and `nft-orders`. Times are epoch milliseconds (the CLI
 * reads dates); every field is checked by the server (server/nft/NftOperator.ts) with a plain
 * reason.
 */
import { z } from 'zod';
import { endpoint } from '../api/endpoint';
import {
  NFT_RARITIES,
  NFT_TYPES,
  type NftArtist,
  type NftArtwork,
  type NftBlindBox,
  type NftCollection,
  type NftSaleStatus,
} from './types';

const text = z.union([z.string(), z.number().transform(String)]);
const int = text.pipe(
  z
    .string()
    .regex(/^\d{1,15}$/)
    .transform(Number),
);
const name = (max: number) => z.string().trim().min(1).max(max);
/** A media file: the name of one shipped with the server or stored before, or new bytes (base64) with their file name. */
const media = {
  media: name(120),
  media_base64: z.string().max(12_000_000).optional(),
};

/** One row of `nft-orders`: a sale or a blind-box purchase with where it stands. */
export interface OpsNftOrder {
  kind: 'sale' | 'pay' | 'box';
  id: number;
  artwork: string;
  user: string | null;
  price: string;
  currency: string;
  status: NftSaleStatus | 'pending' | 'paid' | 'expired' | 'unopened' | 'opened';
  at: number;
}

export const nftOpsEndpoints = {
  '/nft/artists/create': endpoint<NftArtist>()({
    method: 'POST',
    access: 'operator',
    input: z.object({ name: name(40), bio: name(500), user: name(254).optional(), ...media }),
  }),
  '/nft/collections/create': endpoint<NftCollection>()({
    method: 'POST',
    access: 'operator',
    input: z.object({ name: name(60), description: name(500), artist_id: int.optional(), ...media }),
  }),
  '/nft/artworks/create': endpoint<NftArtwork>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      title: name(60),
      description: name(1000),
      type: z.enum(NFT_TYPES),
      rarity: z.enum(NFT_RARITIES),
      artist_id: int,
      collection_id: int.optional(),
      creator: name(40).optional(),
      ...media,
      poster: name(120).optional(),
      poster_base64: z.string().max(4_000_000).optional(),
    }),
  }),
  /** Puts an artwork the artist holds on sale: `normal` at `price`, or an `auction` starting at `price`. */
  '/nft/sales/create': endpoint<NftArtwork>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      artwork_id: int,
      mode: z.enum(['normal', 'auction']),
      currency: name(16),
      price: name(40),
      starts_at: int,
      ends_at: int,
      margin: name(40).optional(),
      increment: name(40).optional(),
      on_sale: z.enum(['0', '1']).optional().default('1'),
    }),
  }),
  /** A blind box: `odds` is "N:6000:<artwork id>,R:3000:<id>,SR:900:<id>,SSR:100:<id>" (weights out of 10000). */
  '/nft/boxes/create': endpoint<NftBlindBox>()({
    method: 'POST',
    access: 'operator',
    input: z.object({
      name: name(60),
      description: name(1000),
      artist_id: int.optional(),
      currency: name(16),
      price: name(40),
      total: int,
      starts_at: int,
      ends_at: int,
      odds: name(400),
      ...media,
    }),
  }),
  '/nft/orders': endpoint<OpsNftOrder[]>()({
    method: 'GET',
    access: 'operator',
    input: z.object({ kind: z.enum(['sale', 'pay', 'box', 'all']).optional().default('all') }),
  }),
};
