/** The NFT namespace of the worker's comlink API (`api.nft…`): the bid, resale and blind-box previews, the blind-box verification. */
import type { Page } from '../../domain/api/envelope';
import type { Lang } from '../../domain/i18n';
import type { NftBlindBox, NftBoxOpening } from '../../domain/nft/types';
import { previewBid, previewBox, previewResale, type BidPreviewInput, type BoxPreviewInput, type ResalePreviewInput } from './preview';
import { verifyBox, type BoxVerification } from './verify';
import { restEnvelope } from '../rest';

/** One page of a box's public openings log, read over HTTP (a public endpoint: no session). */
async function readOpenings(boxId: number, page: number, limit: number, lang: Lang): Promise<Page<NftBoxOpening>> {
  const input = { box_id: String(boxId), page: String(page), limit: String(limit) };
  const envelope = await restEnvelope('/bind_box/getBindBoxQuotationLog', input, { lang });
  if (envelope.type !== 'ok') throw new Error(typeof envelope.message === 'string' ? envelope.message : 'openings');
  return envelope.message;
}

export function nftApi(lang: () => Lang) {
  return {
    /** The least next bid and why the server would refuse the bid as typed. */
    previewBid(input: BidPreviewInput) {
      return previewBid(input, lang());
    },
    /** The platform's fee and what the seller receives at the price as typed. */
    previewResale(input: ResalePreviewInput) {
      return previewResale(input, lang());
    },
    /** What a number of blind boxes costs, and why the server would refuse the purchase. */
    previewBox(input: BoxPreviewInput) {
      return previewBox(input, lang());
    },
    /** Fetches every opening of a revealed box and recomputes each from the seed (null before the reveal). */
    verifyBox(box: Pick<NftBlindBox, 'id' | 'commitment' | 'seed' | 'odds'>): Promise<BoxVerification | null> {
      return verifyBox(box, (id, page, limit) => readOpenings(id, page, limit, lang()));
    },
  };
}
