import { defineArea } from '../../routing';

/**
 * The NFT area's pages: the market, an artwork (image, gif, audio; video),
 * artists, artworks, collections and search (public); buying, blind boxes, resale, my NFTs and
 * the NFT centre (signed in).
 */
const routes = defineArea(
  'nft',
  {
    nft: { load: () => import('./MarketPage'), public: true },
    myNft: { load: () => import('./MyNftPage') },
    mine: { load: () => import('./MinePage') },
    resell: { load: () => import('./ResellPage') },
    artistDetail: { load: () => import('./ArtistDetailPage'), public: true },
    artworkDetail: { load: () => import('./ArtworkPage'), public: true },
    artworkDetail_video: { load: () => import('./ArtworkPage'), public: true },
    purchase: { load: () => import('./PurchasePage'), public: true },
    purchase_one: { load: () => import('./PurchaseOnePage') },
    artist: { load: () => import('./ArtistsPage'), public: true },
    artwork: { load: () => import('./ArtworksPage'), public: true },
    collection: { load: () => import('./CollectionPage'), public: true },
    search: { load: () => import('./SearchPage'), public: true },
  },
  { namespaces: ['nft', 'auth'] },
);
export default routes;

declare module '../../paths' {
  interface DeclaredAreas {
    nft: typeof routes;
  }
}
