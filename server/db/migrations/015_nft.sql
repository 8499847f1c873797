-- NFT market (issue 14, docs/NFT.md). Owned by server/nft/ (NftRepository).
--
-- nft_artists, nft_collections: the catalogue's makers and groupings. An artist may be linked to
-- a user (`user_id`), who is then paid for the artist's primary sales; otherwise the platform
-- sells on the artist's behalf and the proceeds go to the treasury.
CREATE TABLE nft_artists (
  id          SERIAL PRIMARY KEY,
  name        TEXT NOT NULL UNIQUE,
  bio         TEXT NOT NULL,
  avatar      TEXT NOT NULL,
  user_id     BIGINT REFERENCES users(id),
  created_at  BIGINT NOT NULL
);

CREATE TABLE nft_collections (
  id           SERIAL PRIMARY KEY,
  name         TEXT NOT NULL UNIQUE,
  description  TEXT NOT NULL,
  cover        TEXT NOT NULL,
  artist_id    INT REFERENCES nft_artists(id),
  created_at   BIGINT NOT NULL
);

-- nft_artworks: one unique piece. `owner_id` null: the artist holds it (primary sales); a user
-- otherwise. `sale_id` is the sale it is in (listed, or an auction awaiting its winner's
-- payment), null when not for sale. A `template` is a blind box's pool piece: never sold itself,
-- copied into numbered editions (`box_id`, `edition`) as boxes are opened.
CREATE TABLE nft_artworks (
  id             SERIAL PRIMARY KEY,
  code           TEXT NOT NULL UNIQUE,
  title          TEXT NOT NULL,
  description    TEXT NOT NULL,
  type           TEXT NOT NULL CHECK (type IN ('image', 'gif', 'audio', 'video')),
  media          TEXT NOT NULL,
  poster         TEXT,
  rarity         TEXT NOT NULL CHECK (rarity IN ('N', 'R', 'SR', 'SSR')),
  artist_id      INT NOT NULL REFERENCES nft_artists(id),
  collection_id  INT REFERENCES nft_collections(id),
  creator        TEXT NOT NULL,
  owner_id       BIGINT REFERENCES users(id),
  template       BOOLEAN NOT NULL DEFAULT FALSE,
  box_id         INT,
  edition        INT,
  sale_id        BIGINT,
  currency_id    INT REFERENCES currencies(id),
  collects       INT NOT NULL DEFAULT 0 CHECK (collects >= 0),
  created_at     BIGINT NOT NULL,
  CHECK ((box_id IS NULL) = (edition IS NULL)),
  CHECK (NOT template OR (owner_id IS NULL AND sale_id IS NULL))
);
CREATE INDEX nft_artworks_owner ON nft_artworks (owner_id, id DESC) WHERE owner_id IS NOT NULL;
CREATE INDEX nft_artworks_artist ON nft_artworks (artist_id, id DESC);
CREATE INDEX nft_artworks_collection ON nft_artworks (collection_id, id DESC);
CREATE UNIQUE INDEX nft_artworks_edition ON nft_artworks (box_id, rarity, edition) WHERE box_id IS NOT NULL;

CREATE TABLE nft_collects (
  user_id     BIGINT NOT NULL REFERENCES users(id),
  artwork_id  INT NOT NULL REFERENCES nft_artworks(id),
  created_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, artwork_id)
);
CREATE INDEX nft_collects_user ON nft_collects (user_id, created_at DESC);

-- nft_sales: one offer of an artwork: a fixed price (`normal`) or an `auction`, by the artist
-- (primary: `seller_id` the artist's user or null for the platform) or by an owner (`resale`).
-- Terms (price, fee rate, margin, increment) are fixed at listing. An auction keeps its current
-- bid and bidder here; `ends_at` moves later by a minute for a bid in the last minute
-- (`extensions` counts it; `scheduled_end` keeps the end set at listing, for the audit). Status: listed → sold (fixed price bought; an auction paid) |
-- awaiting_payment (auction ended with bids) → sold | forfeited; listed → unsold (an auction
-- without bids, or a fixed price whose window ended). One open sale per artwork.
CREATE TABLE nft_sales (
  id           BIGSERIAL PRIMARY KEY,
  artwork_id   INT NOT NULL REFERENCES nft_artworks(id),
  mode         TEXT NOT NULL CHECK (mode IN ('normal', 'auction')),
  resale       BOOLEAN NOT NULL,
  seller_id    BIGINT REFERENCES users(id),
  currency_id  INT NOT NULL REFERENCES currencies(id),
  price        NUMERIC NOT NULL CHECK (price > 0),
  fee_rate     NUMERIC NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 1),
  forfeit_seller_share NUMERIC NOT NULL CHECK (forfeit_seller_share >= 0 AND forfeit_seller_share <= 1),
  margin       NUMERIC CHECK (margin > 0),
  increment    NUMERIC CHECK (increment > 0),
  bid          NUMERIC,
  bidder_id    BIGINT REFERENCES users(id),
  bids         INT NOT NULL DEFAULT 0,
  extensions   INT NOT NULL DEFAULT 0,
  starts_at    BIGINT NOT NULL,
  ends_at      BIGINT,
  scheduled_end BIGINT,
  on_sale      BOOLEAN NOT NULL,
  status       TEXT NOT NULL CHECK (status IN ('listed', 'awaiting_payment', 'sold', 'unsold', 'forfeited')),
  buyer_id     BIGINT REFERENCES users(id),
  closed_at    BIGINT,
  created_at   BIGINT NOT NULL,
  updated_at   BIGINT NOT NULL,
  CHECK (ends_at IS NULL OR ends_at > starts_at),
  CHECK (mode = 'normal' OR (margin IS NOT NULL AND increment IS NOT NULL AND ends_at IS NOT NULL AND margin <= price)),
  CHECK (mode = 'auction' OR (margin IS NULL AND increment IS NULL AND bid IS NULL)),
  CHECK ((bid IS NULL) = (bidder_id IS NULL)),
  CHECK (status <> 'sold' OR buyer_id IS NOT NULL)
);
CREATE UNIQUE INDEX nft_sales_open ON nft_sales (artwork_id) WHERE status IN ('listed', 'awaiting_payment');
CREATE INDEX nft_sales_due ON nft_sales (ends_at) WHERE status = 'listed' AND ends_at IS NOT NULL;

-- nft_margins: an auction's margins, one per user and sale: held in escrow (`nft:margin:<sale>:<user>`),
-- then refunded at the end (`…:refund`), applied to the winner's payment, or forfeited.
CREATE TABLE nft_margins (
  sale_id     BIGINT NOT NULL REFERENCES nft_sales(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  amount      NUMERIC NOT NULL CHECK (amount > 0),
  status      TEXT NOT NULL CHECK (status IN ('held', 'refunded', 'applied', 'forfeited')),
  created_at  BIGINT NOT NULL,
  settled_at  BIGINT,
  PRIMARY KEY (sale_id, user_id),
  CHECK ((status = 'held') = (settled_at IS NULL))
);
CREATE INDEX nft_margins_user ON nft_margins (user_id, created_at DESC);
CREATE INDEX nft_margins_held ON nft_margins (sale_id) WHERE status = 'held';

-- nft_bids: every accepted bid, with the end it left (the anti-sniping rule's record).
CREATE TABLE nft_bids (
  id          BIGSERIAL PRIMARY KEY,
  sale_id     BIGINT NOT NULL REFERENCES nft_sales(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  price       NUMERIC NOT NULL CHECK (price > 0),
  ends_at     BIGINT NOT NULL,
  created_at  BIGINT NOT NULL
);
CREATE INDEX nft_bids_sale ON nft_bids (sale_id, id DESC);
CREATE INDEX nft_bids_user ON nft_bids (user_id, sale_id);

-- nft_pay_orders: an auction winner's payment (spec §4): pending until `pay_by` (the end plus a
-- day), then paid (`nft:pay:<id>`: the bid less the margin from the winner, the margin from
-- escrow, the seller paid less the fee) or expired (`nft:pay:<id>:forfeit`: the margin split
-- between the seller and the platform).
CREATE TABLE nft_pay_orders (
  id          BIGSERIAL PRIMARY KEY,
  sale_id     BIGINT NOT NULL UNIQUE REFERENCES nft_sales(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  price       NUMERIC NOT NULL CHECK (price > 0),
  margin      NUMERIC NOT NULL CHECK (margin > 0),
  due         NUMERIC NOT NULL CHECK (due >= 0),
  status      TEXT NOT NULL CHECK (status IN ('pending', 'paid', 'expired')),
  pay_by      BIGINT NOT NULL,
  paid_at     BIGINT,
  expired_at  BIGINT,
  created_at  BIGINT NOT NULL,
  CHECK ((status = 'paid') = (paid_at IS NOT NULL)),
  CHECK ((status = 'expired') = (expired_at IS NOT NULL))
);
CREATE INDEX nft_pay_orders_user ON nft_pay_orders (user_id, id DESC);
CREATE INDEX nft_pay_orders_due ON nft_pay_orders (pay_by) WHERE status = 'pending';

-- nft_boxes: blind boxes. `seed` is secret until `revealed_at` (set once the sale has ended);
-- `commitment` = SHA-256(seed), published from creation. `sold` never exceeds `total`.
CREATE TABLE nft_boxes (
  id           SERIAL PRIMARY KEY,
  name         TEXT NOT NULL,
  description  TEXT NOT NULL,
  cover        TEXT NOT NULL,
  artist_id    INT REFERENCES nft_artists(id),
  seller_id    BIGINT REFERENCES users(id),
  currency_id  INT NOT NULL REFERENCES currencies(id),
  price        NUMERIC NOT NULL CHECK (price > 0),
  fee_rate     NUMERIC NOT NULL CHECK (fee_rate >= 0 AND fee_rate < 1),
  total        INT NOT NULL CHECK (total > 0),
  sold         INT NOT NULL DEFAULT 0 CHECK (sold >= 0 AND sold <= total),
  starts_at    BIGINT NOT NULL,
  ends_at      BIGINT NOT NULL CHECK (ends_at > starts_at),
  on_sale      BOOLEAN NOT NULL,
  seed         TEXT NOT NULL CHECK (seed ~ '^[0-9a-f]{64}$'),
  commitment   TEXT NOT NULL CHECK (commitment ~ '^[0-9a-f]{64}$'),
  revealed_at  BIGINT,
  created_at   BIGINT NOT NULL
);

-- nft_box_odds: a box's published odds, in their order (position), each rarity's pool piece.
CREATE TABLE nft_box_odds (
  box_id       INT NOT NULL REFERENCES nft_boxes(id),
  position     INT NOT NULL,
  rarity       TEXT NOT NULL CHECK (rarity IN ('N', 'R', 'SR', 'SSR')),
  weight       INT NOT NULL CHECK (weight > 0 AND weight <= 10000),
  template_id  INT NOT NULL REFERENCES nft_artworks(id),
  PRIMARY KEY (box_id, rarity),
  UNIQUE (box_id, position)
);

-- nft_box_orders: one box bought (`nft:box:<id>:buy`), unopened → opened with the draw derived
-- from the seed, the box id and this id (domain/nft/blindBox.ts), and the edition it gave.
CREATE TABLE nft_box_orders (
  id          BIGSERIAL PRIMARY KEY,
  box_id      INT NOT NULL REFERENCES nft_boxes(id),
  user_id     BIGINT NOT NULL REFERENCES users(id),
  price       NUMERIC NOT NULL CHECK (price > 0),
  status      TEXT NOT NULL CHECK (status IN ('unopened', 'opened')),
  draw        INT CHECK (draw >= 0 AND draw < 10000),
  rarity      TEXT CHECK (rarity IN ('N', 'R', 'SR', 'SSR')),
  artwork_id  INT REFERENCES nft_artworks(id),
  created_at  BIGINT NOT NULL,
  opened_at   BIGINT,
  CHECK ((status = 'opened') = (opened_at IS NOT NULL AND artwork_id IS NOT NULL AND rarity IS NOT NULL AND draw IS NOT NULL))
);
CREATE INDEX nft_box_orders_user ON nft_box_orders (user_id, id DESC);
CREATE INDEX nft_box_orders_box ON nft_box_orders (box_id, id DESC);
