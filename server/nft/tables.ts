/** The tables this area owns: only its own SQL names them (tests/unit/tableOwners.test.ts); others go through its repositories. */
export const TABLES = [
  'nft_artists',
  'nft_collections',
  'nft_artworks',
  'nft_collects',
  'nft_sales',
  'nft_margins',
  'nft_bids',
  'nft_pay_orders',
  'nft_boxes',
  'nft_box_odds',
  'nft_box_orders',
] as const;
