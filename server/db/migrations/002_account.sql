-- Account: identity verification, uploads, payment password, session length, withdrawal
-- targets, content pages, system notifications.

ALTER TABLE users ADD COLUMN pay_password_hash TEXT;
-- The highest approved identity level: 0 none, 1 basic, 2 advanced.
ALTER TABLE users ADD COLUMN identity_level INT NOT NULL DEFAULT 0 CHECK (identity_level BETWEEN 0 AND 2);

-- "Stay logged in" sessions live longer; each session keeps its own idle limit.
ALTER TABLE sessions ADD COLUMN idle_ms BIGINT NOT NULL DEFAULT 604800000;
ALTER TABLE sessions ADD COLUMN remember BOOLEAN NOT NULL DEFAULT FALSE;

-- Files are stored under DATA_DIR/uploads with a server-chosen random name.
CREATE TABLE uploads (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users(id),
  name       TEXT NOT NULL UNIQUE,
  mime       TEXT NOT NULL,
  size       INT NOT NULL,
  scene      TEXT NOT NULL,
  is_public  BOOLEAN NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX uploads_user ON uploads (user_id);

CREATE TABLE identities (
  id                BIGSERIAL PRIMARY KEY,
  user_id           BIGINT NOT NULL REFERENCES users(id),
  level             INT NOT NULL CHECK (level IN (1, 2)),
  id_type           TEXT,
  name              TEXT,
  card_id           TEXT,
  country           TEXT,
  front_upload_id   BIGINT REFERENCES uploads(id),
  reverse_upload_id BIGINT REFERENCES uploads(id),
  status            TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected')),
  reason            TEXT,
  created_at        BIGINT NOT NULL,
  decided_at        BIGINT
);
-- At most one submission per level waits for review at a time.
CREATE UNIQUE INDEX identities_one_pending ON identities (user_id, level) WHERE status = 'pending';
CREATE INDEX identities_status ON identities (status, created_at);

-- Rendered by the app from locales (notifications.<kind>) with `params`, in the reader's language.
CREATE TABLE notifications (
  id         BIGSERIAL PRIMARY KEY,
  user_id    BIGINT NOT NULL REFERENCES users(id),
  kind       TEXT NOT NULL,
  params     TEXT NOT NULL DEFAULT '{}',
  created_at BIGINT NOT NULL,
  read_at    BIGINT
);
CREATE INDEX notifications_user ON notifications (user_id, id DESC);

CREATE TABLE wallet_addresses (
  id              BIGSERIAL PRIMARY KEY,
  user_id         BIGINT NOT NULL REFERENCES users(id),
  currency_id     INT NOT NULL REFERENCES currencies(id),
  name            TEXT NOT NULL,
  address         TEXT NOT NULL,
  qrcode_upload_id BIGINT REFERENCES uploads(id),
  created_at      BIGINT NOT NULL,
  deleted_at      BIGINT
);
CREATE INDEX wallet_addresses_user ON wallet_addresses (user_id) WHERE deleted_at IS NULL;

-- One domestic and one international card per user; saving again replaces it.
CREATE TABLE bank_cards (
  id            BIGSERIAL PRIMARY KEY,
  user_id       BIGINT NOT NULL REFERENCES users(id),
  kind          TEXT NOT NULL CHECK (kind IN ('domestic', 'international')),
  real_name     TEXT NOT NULL,
  card_number   TEXT NOT NULL,
  bank_name     TEXT NOT NULL,
  branch        TEXT NOT NULL,
  province_city TEXT,
  swift_code    TEXT,
  aba_number    TEXT,
  address       TEXT,
  phone         TEXT NOT NULL,
  updated_at    BIGINT NOT NULL,
  UNIQUE (user_id, kind)
);

-- About us, contact us, compliance: one row per page and language.
CREATE TABLE content_pages (
  key   TEXT NOT NULL,
  lang  TEXT NOT NULL,
  title TEXT NOT NULL,
  body  TEXT NOT NULL,
  PRIMARY KEY (key, lang)
);

CREATE TABLE faq (
  id   BIGSERIAL PRIMARY KEY,
  key  TEXT NOT NULL UNIQUE,
  sort INT NOT NULL
);
CREATE TABLE faq_i18n (
  faq_id   BIGINT NOT NULL REFERENCES faq(id) ON DELETE CASCADE,
  lang     TEXT NOT NULL,
  question TEXT NOT NULL,
  answer   TEXT NOT NULL,
  PRIMARY KEY (faq_id, lang)
);

-- The home page's popup notice is a news item flagged as such.
ALTER TABLE news ADD COLUMN popup BOOLEAN NOT NULL DEFAULT FALSE;
ALTER TABLE news ADD COLUMN key TEXT UNIQUE;
