/**
 * NFT market (`/bind_box/*`, docs/NFT.md): artworks by artists,
 * grouped in collections, sold at a fixed price, by auction or from blind boxes, and resold by
 * their owners. Every sale, margin, bid settlement, refund and opening goes through the ledger;
 * blind boxes are decided by a committed seed that anyone can verify once revealed. Wire types,
 * shared by the server, the worker and the app. Amounts are decimal strings, times epoch ms.
 */

/** Media kinds. Each is played with the browser's own element: img, audio, video. */
export const NFT_TYPES = ['image', 'gif', 'audio', 'video'] as const;
export type NftType = (typeof NFT_TYPES)[number];

/** Rarity, commonest first (N common, R rare, SR super rare, SSR legendary). */
export const NFT_RARITIES = ['N', 'R', 'SR', 'SSR'] as const;
export type NftRarity = (typeof NFT_RARITIES)[number];

/** Sale modes: a fixed price, an auction, a blind box. */
export const NFT_MODES = ['normal', 'auction', 'blind_box'] as const;
export type NftMode = (typeof NFT_MODES)[number];

/** A sale window's state from the clock. */
export const NFT_SALE_STATES = ['not_started', 'started', 'ended'] as const;
export type NftSaleState = (typeof NFT_SALE_STATES)[number];

/**
 * The spec's window helper: 2 before the start, 0 after the end, and within the window
 * 0 when the on-sale flag is off, else 1. Only 1 can be bought or bid on.
 */
export type NftWindow = 0 | 1 | 2;

/**
 * A sale's life: `listed` (open for buying or bidding within its window); an auction that ended
 * with bids is `awaiting_payment` (the winner has a day), then `sold` or `forfeited`
 * (the winner did not pay: the margin went to the seller and the platform); an auction that
 * ended without bids is `unsold`. Only `listed` and `awaiting_payment` keep the artwork with the sale.
 */
export const NFT_SALE_STATUSES = ['listed', 'awaiting_payment', 'sold', 'unsold', 'forfeited'] as const;
export type NftSaleStatus = (typeof NFT_SALE_STATUSES)[number];

/** The caller's margin in an auction: none paid, held in escrow, returned, applied to the payment, or lost. */
export const NFT_MARGIN_STATES = ['none', 'held', 'refunded', 'applied', 'forfeited'] as const;
export type NftMarginState = (typeof NFT_MARGIN_STATES)[number];

/** A bid in the last minute moves the end one minute later (anti-sniping, said on the page). */
export const NFT_ANTI_SNIPE_MS = 60_000;
/** The auction winner's time to pay (one day). */
export const NFT_PAY_WINDOW_MS = 24 * 60 * 60_000;
/** Blind-box odds are weights out of this many (basis points: 10000 is 100 %). */
export const NFT_ODDS_SCALE = 10_000;
/** The most boxes one purchase may buy. */
export const NFT_BOX_MAX_QUANTITY = 10;

/** One sale of an artwork: a fixed price or an auction, by the artist (primary) or an owner (resale). */
export interface NftSale {
  id: number;
  mode: 'normal' | 'auction';
  /** Listed by an owner who bought the artwork ("reselling"). */
  resale: boolean;
  /** Who sells: the artist's name for a primary sale, else the owner's masked name. */
  seller: string;
  currency_id: number;
  currency: string;
  decimals: number;
  /** The fixed price, or the auction's starting price (the first bid must reach it). */
  price: string;
  starts_at: number;
  /** The end (an auction's moves with anti-sniping); null for a resale open until bought. */
  ends_at: number | null;
  on_sale: boolean;
  state: NftSaleState;
  window: NftWindow;
  status: NftSaleStatus;
  /** The platform's share of the price (0.025 is 2.5 %), taken from the seller's proceeds. */
  fee_rate: string;
  /** Auction only (null otherwise): the margin to join, the least raise, the current bid and bidder. */
  margin: string | null;
  increment: string | null;
  bid: string | null;
  bidder: string | null;
  bids: number;
  /** The least the next bid may be: the starting price, or the current bid plus the increment. */
  min_bid: string | null;
  /** How many times a last-minute bid moved the end. */
  extensions: number;
  /** With a session: the caller's margin, whether the caller leads, and whether the caller sells. */
  my_margin: NftMarginState | null;
  leading: boolean | null;
  mine: boolean | null;
}

/** An artwork as lists and its page show it. */
export interface NftArtwork {
  id: number;
  /** The artwork's public code (auctionNFT takes it): "KST-" and digits. */
  code: string;
  title: string;
  description: string;
  type: NftType;
  /** The media file's URL, and a still picture for audio and video (null when none). */
  media: string;
  poster: string | null;
  rarity: NftRarity;
  artist_id: number;
  artist: string;
  artist_avatar: string;
  collection_id: number | null;
  collection: string | null;
  /** Who made it ("creator"): the artist, or the studio named at creation. */
  creator: string;
  /** Drawn from a blind box: the box and the edition number. */
  box_id: number | null;
  edition: number | null;
  /** The owner's masked name; null while the artist still holds it. */
  owner: string | null;
  /** With a session: whether the caller owns it, and has collected (liked) it. */
  owned: boolean | null;
  collected: boolean | null;
  collects: number;
  /** The coin it trades in: its last sale's (a resale is priced in it), USDT before any sale. */
  currency_id: number;
  currency: string;
  decimals: number;
  /** The sale it is in now (listed, or an auction waiting for its winner's payment); null when not for sale. */
  sale: NftSale | null;
  created_at: number;
}

/** One bid as the artwork's page lists it. */
export interface NftBid {
  id: number;
  sale_id: number;
  price: string;
  bidder: string;
  mine: boolean | null;
  created_at: number;
}

/** An artwork's page: the artwork, its latest bids (newest first) and the sale's recent history. */
export interface NftArtworkDetail extends NftArtwork {
  bids: NftBid[];
}

export interface NftArtist {
  id: number;
  name: string;
  avatar: string;
  bio: string;
  works: number;
  collections: number;
}

export interface NftCollection {
  id: number;
  name: string;
  description: string;
  cover: string;
  artist_id: number | null;
  artist: string | null;
  works: number;
}

/** An artist's page: the artist and their collections (their artworks page through getBoxList). */
export interface NftArtistDetail extends NftArtist {
  collection_list: NftCollection[];
}

/** A currency NFTs are priced in, with the market's terms (getNftCurrency). */
export interface NftCurrency {
  currency_id: number;
  currency: string;
  decimals: number;
  /** The platform's fee on every sale, and the seller's share of a forfeited margin. */
  fee_rate: string;
  forfeit_seller_share: string;
}

/** One rarity of a blind box: its published odds and what it holds. */
export interface NftBoxOdds {
  rarity: NftRarity;
  /** Out of NFT_ODDS_SCALE (10000); the weights of a box sum to it. */
  weight: number;
  /** weight ÷ 10000 as a decimal string ("0.05" is 5 %). */
  probability: string;
  title: string;
  type: NftType;
  media: string;
  poster: string | null;
}

/**
 * A blind box: bought unopened, opened into one edition of a rarity's artwork. The outcome is
 * derived from the box's secret seed, the box id and the order id (domain/nft/blindBox.ts); the
 * seed's hash is published before the sale and the seed itself after it ends.
 */
export interface NftBlindBox {
  id: number;
  name: string;
  description: string;
  cover: string;
  artist_id: number | null;
  artist: string | null;
  currency_id: number;
  currency: string;
  decimals: number;
  price: string;
  total: number;
  sold: number;
  remaining: number;
  starts_at: number;
  ends_at: number;
  on_sale: boolean;
  state: NftSaleState;
  window: NftWindow;
  odds: NftBoxOdds[];
  /** SHA-256 of the seed (hex), published before the sale. */
  commitment: string;
  /** The seed (hex), once the sale has ended; null before. */
  seed: string | null;
  revealed_at: number | null;
  opened: number;
  /** With a session: the caller's boxes not yet opened. */
  my_unopened: number | null;
}

export const NFT_BOX_ORDER_STATUSES = ['unopened', 'opened'] as const;
export type NftBoxOrderStatus = (typeof NFT_BOX_ORDER_STATUSES)[number];

/** One box bought by the caller (getMyBindBoxQuotationLog), unopened or opened. */
export interface NftBoxOrder {
  id: number;
  box_id: number;
  box: string;
  cover: string;
  currency: string;
  price: string;
  status: NftBoxOrderStatus;
  rarity: NftRarity | null;
  artwork_id: number | null;
  title: string | null;
  type: NftType | null;
  media: string | null;
  poster: string | null;
  /** Whether the box's seed is revealed, so this opening can be verified. */
  verifiable: boolean;
  created_at: number;
  opened_at: number | null;
}

/** One opening as the box's public log shows it (getBindBoxQuotationLog): enough to verify it. */
export interface NftBoxOpening {
  /** The order's id (one opening per order). */
  id: number;
  order_id: number;
  box_id: number;
  user: string;
  rarity: NftRarity;
  artwork_id: number;
  title: string;
  edition: number;
  opened_at: number;
}

export const NFT_PAY_ORDER_STATUSES = ['pending', 'paid', 'expired'] as const;
/** An auction winner's payment order: pending for a day, then paid or expired. */
export type NftPayOrderStatus = (typeof NFT_PAY_ORDER_STATUSES)[number];

export interface NftPayOrder {
  id: number;
  sale_id: number;
  artwork_id: number;
  code: string;
  title: string;
  type: NftType;
  media: string;
  poster: string | null;
  currency_id: number;
  currency: string;
  decimals: number;
  /** The winning bid, the margin already held, and what is left to pay (price − margin). */
  price: string;
  margin: string;
  due: string;
  status: NftPayOrderStatus;
  pay_by: number;
  paid_at: number | null;
  created_at: number;
}

/** One of the caller's bids with how its auction stands (nft/mine "bids"). */
export interface NftMyBid {
  /** One row per auction: the sale's id. */
  id: number;
  sale_id: number;
  artwork_id: number;
  code: string;
  title: string;
  type: NftType;
  media: string;
  poster: string | null;
  currency: string;
  /** The caller's highest bid, and the auction's current bid. */
  my_bid: string;
  bid: string;
  leading: boolean;
  status: NftSaleStatus;
  ends_at: number | null;
  my_margin: NftMarginState;
  margin: string;
}

/** Sort orders of the market list. */
export const NFT_SORTS = ['newest', 'price_asc', 'price_desc', 'ending', 'popular'] as const;
export type NftSort = (typeof NFT_SORTS)[number];

/** What the operator gives `create-artwork` and friends (domain/nft/ops.ts). */
export interface NftArtworkInput {
  title: string;
  description: string;
  type: NftType;
  rarity: NftRarity;
  artist_id: number;
  collection_id?: number;
  creator?: string;
  /** A file shipped with the server (server/nft/media/<name>) or uploaded with the request. */
  media: string;
  poster?: string;
}

/**
 * An auction's live state: the public topic `auction:<saleId>` (docs/PROTOCOL.md) sends it on
 * every bid and at the end, to everyone on the artwork's page.
 */
export interface NftAuctionLive {
  sale_id: number;
  status: NftSaleStatus;
  bid: string | null;
  bidder: string | null;
  bids: number;
  min_bid: string;
  ends_at: number;
  extensions: number;
  /** The bid that caused this message (null for the snapshot and the end). */
  last: NftBid | null;
}
