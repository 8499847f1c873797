/**
 * The blind-box verification run: every opening of a revealed box, fetched
 * page by page, recomputed from the seed with the domain's `verifyOpenings` (the code the server
 * and `npm run audit` run): the seed against the published commitment, each recorded rarity
 * against the one derived from the seed, the box id and the order id.
 */
import type { Page } from '../../domain/api/envelope';
import { verifyOpenings } from '../../domain/nft/blindBox';
import type { NftBlindBox, NftBoxOpening, NftRarity } from '../../domain/nft/types';

/** The openings asked for per page (the contract's largest page). */
export const OPENINGS_PAGE_SIZE = 100;

export interface BoxVerification {
  /** SHA-256 of the revealed seed equals the published commitment. */
  seedMatches: boolean;
  /** Openings recomputed. */
  checked: number;
  mismatches: { order_id: number; recorded: NftRarity; derived: NftRarity | null }[];
}

/** Reads one page of a box's openings. */
export type OpeningsPage = (boxId: number, page: number, limit: number) => Promise<Page<NftBoxOpening>>;

/** Verifies a revealed box: null when its seed is not revealed yet. */
export async function verifyBox(
  box: Pick<NftBlindBox, 'id' | 'commitment' | 'seed' | 'odds'>,
  readPage: OpeningsPage,
): Promise<BoxVerification | null> {
  if (box.seed === null) return null;
  const openings = new Map<number, NftBoxOpening>();
  for (let page = 1; ; page++) {
    const answer = await readPage(box.id, page, OPENINGS_PAGE_SIZE);
    for (const o of answer.data) openings.set(o.order_id, o);
    if (answer.data.length === 0 || openings.size >= Number(answer.total)) break;
  }
  const all = [...openings.values()];
  const result = verifyOpenings({ id: box.id, commitment: box.commitment, seed: box.seed }, box.odds, all);
  return {
    seedMatches: result.seedMatches,
    checked: all.length,
    mismatches: result.mismatches.map((m) => ({ order_id: m.opening.order_id, recorded: m.opening.rarity, derived: m.derived })),
  };
}
