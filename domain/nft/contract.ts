/**
 * The NFT market's endpoints (`/bind_box/*`, docs/NFT.md). Every call that
 * moves money (buyNFT, marginNFT, payNFTOrder, buyBlindBox, openBlindBox, resellNFT) takes an
 * `Idempotency-Key`; a bid moves none (the margin stands behind it) but is refused a second time
 * all the same, since it would have to beat itself. Prices are checked by the server against the
 * currency's decimals, the sale's window and its current bid.
 */
import { z } from 'zod';
import { defineEndpoints, endpoint } from '../api/endpoint';
import type { Page } from '../api/envelope';
import { amountField, optionalText, pageFields, positiveIntParam, requiredText } from '../api/fields';
import type { NotificationItem } from '../notifications/types';
import {
  NFT_BOX_MAX_QUANTITY,
  NFT_RARITIES,
  NFT_SORTS,
  NFT_TYPES,
  type NftArtist,
  type NftArtistDetail,
  type NftArtwork,
  type NftArtworkDetail,
  type NftBid,
  type NftBlindBox,
  type NftBoxOpening,
  type NftBoxOrder,
  type NftCollection,
  type NftCurrency,
  type NftMyBid,
  type NftPayOrder,
  type NftSale,
} from './types';

const artworkField = positiveIntParam('validation.artworkRequired');
const saleField = positiveIntParam('validation.saleRequired');
const boxField = positiveIntParam('validation.boxRequired');
const orderField = positiveIntParam('validation.orderRequired');

export const nftEndpoints = defineEndpoints({
  /**
   * The market: artworks filtered by sale mode (`normal` fixed price, `auction`; blind boxes have
   * their own list), media type, rarity, artist, collection or a search of title, code, artist and
   * collection. By default only artworks for sale now or soon; `all` lists every artwork.
   */
  '/bind_box/getBoxList': endpoint<Page<NftArtwork>>()({
    method: 'GET',
    access: 'public',
    input: z.object({
      mode: z.enum(['normal', 'auction'], { error: 'validation.invalid' }).optional(),
      type: z.enum(NFT_TYPES, { error: 'validation.invalid' }).optional(),
      rarity: z.enum(NFT_RARITIES, { error: 'validation.invalid' }).optional(),
      artist_id: positiveIntParam().optional(),
      collection_id: positiveIntParam().optional(),
      q: optionalText(60),
      sort: z.enum(NFT_SORTS, { error: 'validation.invalid' }).optional().default('newest'),
      all: z.enum(['0', '1'], { error: 'validation.invalid' }).optional(),
      ...pageFields,
    }),
  }),
  /** One artwork with its current sale and latest bids. */
  '/bind_box/getBoxDetail': endpoint<NftArtworkDetail>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: artworkField }),
  }),
  /** The bids of a sale, newest first. */
  '/bind_box/getBids': endpoint<Page<NftBid>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ sale_id: saleField, ...pageFields }),
  }),
  '/bind_box/getArtist': endpoint<Page<NftArtist>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ q: optionalText(60), ...pageFields }),
  }),
  '/bind_box/getArtistDetail': endpoint<NftArtistDetail>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: positiveIntParam('validation.artistRequired') }),
  }),
  /** The collections (optionally one artist's). */
  '/bind_box/getCollection': endpoint<Page<NftCollection>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ artist_id: positiveIntParam().optional(), q: optionalText(60), ...pageFields }),
  }),
  /** The coins NFTs are priced in, with the fee and forfeit terms. */
  '/bind_box/getNftCurrency': endpoint<NftCurrency[]>()({ method: 'GET', access: 'public', input: z.object({}) }),
  /** Collects (likes) an artwork, or un-collects it with `collect` 0. */
  '/bind_box/collect': endpoint<{ id: number; collected: boolean; collects: number }>()({
    method: 'POST',
    access: 'user',
    input: z.object({ id: artworkField, collect: z.enum(['0', '1'], { error: 'validation.invalid' }).optional().default('1') }),
  }),
  /** The caller's artworks: `owned` (default) or `collected`. */
  '/bind_box/getMyNFTs': endpoint<Page<NftArtwork>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ kind: z.enum(['owned', 'collected'], { error: 'validation.invalid' }).optional().default('owned'), ...pageFields }),
  }),
  /** Buys a fixed-price sale (spec "purchase_one"): the price from the buyer, the seller paid less the fee, ownership moved. */
  '/bind_box/buyNFT': endpoint<NftArtwork>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ sale_id: saleField }),
  }),
  /** Pays an auction's margin into escrow: required before a first bid. */
  '/bind_box/marginNFT': endpoint<NftSale>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ sale_id: saleField }),
  }),
  /** Bids `price` on the auction of the artwork with `code`. */
  '/bind_box/auctionNFT': endpoint<NftSale>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      code: requiredText('validation.nftCodeRequired', 20),
      price: amountField('validation.priceRequired'),
    }),
  }),
  /** The caller's auctions with their bids, newest first. */
  '/bind_box/getMyBids': endpoint<Page<NftMyBid>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ ...pageFields }),
  }),
  /** The caller's payment orders from auctions won: pending first, then paid and expired. */
  '/bind_box/getNeedPayNFTOrder': endpoint<Page<NftPayOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ ...pageFields }),
  }),
  /** Pays a won auction: the bid less the margin, within a day of the end. */
  '/bind_box/payNFTOrder': endpoint<NftPayOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: orderField }),
  }),
  /** Lists an owned artwork for sale at `price`: irrevocable once confirmed. */
  '/bind_box/resellNFT': endpoint<NftArtwork>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: artworkField, price: amountField('validation.priceRequired') }),
  }),
  /** The blind boxes: on sale first, then coming, then ended. */
  '/bind_box/getBlindBoxes': endpoint<Page<NftBlindBox>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ ...pageFields }),
  }),
  '/bind_box/getBlindBox': endpoint<NftBlindBox>()({
    method: 'GET',
    access: 'public',
    input: z.object({ id: boxField }),
  }),
  /** Buys `quantity` unopened boxes (1–10). */
  '/bind_box/buyBlindBox': endpoint<NftBoxOrder[]>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({
      box_id: boxField,
      quantity: positiveIntParam('validation.quantityRequired')
        .optional()
        .default(1)
        .refine((n) => n <= NFT_BOX_MAX_QUANTITY, { error: 'validation.boxQuantity' }),
    }),
  }),
  /** Opens one of the caller's boxes: the outcome derived from the seed, the box and the order. */
  '/bind_box/openBlindBox': endpoint<NftBoxOrder>()({
    method: 'POST',
    access: 'user',
    idempotent: true,
    input: z.object({ id: orderField }),
  }),
  /** A box's openings, newest first (public; with the seed once revealed, each can be verified). */
  '/bind_box/getBindBoxQuotationLog': endpoint<Page<NftBoxOpening>>()({
    method: 'GET',
    access: 'public',
    input: z.object({ box_id: boxField, ...pageFields }),
  }),
  /** The caller's boxes, unopened and opened, newest first. */
  '/bind_box/getMyBindBoxQuotationLog': endpoint<Page<NftBoxOrder>>()({
    method: 'GET',
    access: 'user',
    input: z.object({ ...pageFields }),
  }),
  /** The caller's NFT messages (outbid, won, lost with the margin back, sold, forfeited), newest first. */
  '/bind_box/getNFTOrderMessage': endpoint<Page<NotificationItem> & { unread: number }>()({
    method: 'GET',
    access: 'user',
    input: z.object({ ...pageFields }),
  }),
  /** Marks one NFT message read, or all of them without `id`; answers how many changed. */
  '/bind_box/readNFTOrderMessage': endpoint<number>()({
    method: 'POST',
    access: 'user',
    input: z.object({ id: positiveIntParam('validation.idInvalid').optional() }),
  }),
});
