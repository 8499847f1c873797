import { defineArea } from '../../routing';

/** The nft area's pages (spec §2); none is built yet, so each shows "function under development". */
export default defineArea('nft', {
  nft: { public: true },
  myNft: {},
  mine: {},
  resell: {},
  artistDetail: { public: true },
  artworkDetail: { public: true },
  artworkDetail_video: { public: true },
  purchase: {},
  purchase_one: {},
  artist: { public: true },
  artwork: { public: true },
  collection: { public: true },
  search: { public: true },
});
