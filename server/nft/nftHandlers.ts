import type { HandlerMap } from '../http/context';
import type { OpsHandler } from '../ops/opsRoutes';
import type { NftOperator } from './NftOperator';
import type { NftService } from './NftService';

/** The `/bind_box/*` endpoints (domain/nft/contract.ts). Calls that move money run their effect in `ctx.tx` (idempotency keys). */
export function createNftHandlers(nft: NftService): HandlerMap {
  const page = (input: { page: number; limit: number }) => ({ page: input.page, limit: input.limit });
  return {
    '/bind_box/getBoxList': async (input, ctx) =>
      nft.catalogue.list(
        ctx.user?.id ?? null,
        {
          mode: input.mode,
          type: input.type,
          rarity: input.rarity,
          artist_id: input.artist_id,
          collection_id: input.collection_id,
          q: input.q,
          sort: input.sort,
          all: input.all === '1',
        },
        page(input),
      ),
    '/bind_box/getBoxDetail': async (input, ctx) => nft.catalogue.detail(ctx.user?.id ?? null, input.id),
    '/bind_box/getBids': async (input, ctx) => nft.reads.bids(ctx.user?.id ?? null, input.sale_id, page(input)),
    '/bind_box/getArtist': async (input) => nft.catalogue.artists(input.q, page(input)),
    '/bind_box/getArtistDetail': async (input) => nft.catalogue.artist(input.id),
    '/bind_box/getCollection': async (input) => nft.catalogue.collections({ artist_id: input.artist_id, q: input.q }, page(input)),
    '/bind_box/getNftCurrency': async () => nft.catalogue.currencies(),
    '/bind_box/collect': async (input, ctx) => nft.catalogue.collect(ctx.user.id, input.id, input.collect === '1'),
    '/bind_box/getMyNFTs': async (input, ctx) => nft.catalogue.mine(ctx.user.id, input.kind, page(input)),
    '/bind_box/buyNFT': async (input, ctx) => nft.sales.buy(ctx.user.id, input.sale_id, ctx.tx),
    '/bind_box/marginNFT': async (input, ctx) => nft.sales.payMargin(ctx.user.id, input.sale_id, ctx.tx),
    '/bind_box/auctionNFT': async (input, ctx) => nft.sales.bid(ctx.user.id, input, ctx.tx),
    '/bind_box/getMyBids': async (input, ctx) => nft.reads.myBids(ctx.user.id, page(input)),
    '/bind_box/getNeedPayNFTOrder': async (input, ctx) => nft.reads.payOrders(ctx.user.id, page(input)),
    '/bind_box/payNFTOrder': async (input, ctx) => nft.sales.pay(ctx.user.id, input.id, ctx.tx),
    '/bind_box/resellNFT': async (input, ctx) => nft.sales.resell(ctx.user.id, input, ctx.tx),
    '/bind_box/getBlindBoxes': async (input, ctx) => nft.boxes.boxes(ctx.user?.id ?? null, page(input)),
    '/bind_box/getBlindBox': async (input, ctx) => nft.boxes.box(ctx.user?.id ?? null, input.id),
    '/bind_box/buyBlindBox': async (input, ctx) => nft.boxes.buyBoxes(ctx.user.id, input, ctx.tx),
    '/bind_box/openBlindBox': async (input, ctx) => nft.boxes.openBox(ctx.user.id, input.id, ctx.tx),
    '/bind_box/getBindBoxQuotationLog': async (input) => nft.boxes.openings(input.box_id, page(input)),
    '/bind_box/getMyBindBoxQuotationLog': async (input, ctx) => nft.boxes.myBoxes(ctx.user.id, page(input)),
    '/bind_box/getNFTOrderMessage': async (input, ctx) => nft.catalogue.messages(ctx.user.id, page(input)),
    '/bind_box/readNFTOrderMessage': async (input, ctx) => nft.catalogue.readMessages(ctx.user.id, input.id),
  };
}

/** The operator's NFT endpoints (domain/nft/ops.ts). */
export function createNftOpsHandlers(op: NftOperator): {
  '/nft/artists/create': OpsHandler<'/nft/artists/create'>;
  '/nft/collections/create': OpsHandler<'/nft/collections/create'>;
  '/nft/artworks/create': OpsHandler<'/nft/artworks/create'>;
  '/nft/sales/create': OpsHandler<'/nft/sales/create'>;
  '/nft/boxes/create': OpsHandler<'/nft/boxes/create'>;
  '/nft/orders': OpsHandler<'/nft/orders'>;
} {
  return {
    '/nft/artists/create': async (input) => op.createArtist(input),
    '/nft/collections/create': async (input) => op.createCollection(input),
    '/nft/artworks/create': async (input) => op.createArtwork(input),
    '/nft/sales/create': async (input) => op.createSale(input),
    '/nft/boxes/create': async (input) => op.createBox(input),
    '/nft/orders': async (input) => op.orders(input.kind),
  };
}
