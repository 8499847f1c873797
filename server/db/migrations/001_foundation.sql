-- Foundation: settings, secrets, users, sessions, verification codes, market catalogue, klines, news.
-- Times are BIGINT milliseconds from the server's injectable clock, so tests can move time.

CREATE TABLE settings (
  keyword TEXT PRIMARY KEY,
  value   TEXT NOT NULL
);

-- Server-side secrets (HMAC key of verification codes), generated once and shared by every node.
CREATE TABLE server_secrets (
  name  TEXT PRIMARY KEY,
  value TEXT NOT NULL
);

CREATE TABLE users (
  id            BIGSERIAL PRIMARY KEY,
  email         TEXT UNIQUE,
  area_code     TEXT,
  mobile        TEXT,
  password_hash TEXT NOT NULL,
  invite_code   TEXT NOT NULL UNIQUE,
  invited_by    BIGINT REFERENCES users(id),
  nickname      TEXT NOT NULL,
  signature     TEXT NOT NULL DEFAULT '',
  avatar        TEXT,
  lang          TEXT NOT NULL DEFAULT 'en',
  fiat          TEXT NOT NULL DEFAULT 'USDT',
  created_at    BIGINT NOT NULL,
  CONSTRAINT users_has_login CHECK (email IS NOT NULL OR mobile IS NOT NULL),
  CONSTRAINT users_mobile_pair CHECK ((area_code IS NULL) = (mobile IS NULL)),
  UNIQUE (area_code, mobile)
);

CREATE TABLE sessions (
  id           BIGSERIAL PRIMARY KEY,
  user_id      BIGINT NOT NULL REFERENCES users(id),
  token_hash   TEXT NOT NULL UNIQUE,
  created_at   BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  expires_at   BIGINT NOT NULL,
  revoked_at   BIGINT,
  ip           TEXT,
  user_agent   TEXT
);
CREATE INDEX sessions_user ON sessions (user_id) WHERE revoked_at IS NULL;

CREATE TABLE verification_codes (
  id          BIGSERIAL PRIMARY KEY,
  target      TEXT NOT NULL,
  scene       TEXT NOT NULL,
  code_hash   TEXT NOT NULL,
  attempts    INT NOT NULL DEFAULT 0,
  created_at  BIGINT NOT NULL,
  expires_at  BIGINT NOT NULL,
  consumed_at BIGINT
);
CREATE INDEX verification_codes_target ON verification_codes (target, scene, created_at DESC);

CREATE TABLE currencies (
  id       INT PRIMARY KEY,
  name     TEXT NOT NULL UNIQUE,
  decimals INT NOT NULL CHECK (decimals BETWEEN 0 AND 18),
  color    TEXT,
  is_legal BOOLEAN NOT NULL DEFAULT FALSE
);

CREATE TABLE pairs (
  id             INT PRIMARY KEY,
  symbol         TEXT NOT NULL UNIQUE,
  base_id        INT NOT NULL REFERENCES currencies(id),
  quote_id       INT NOT NULL REFERENCES currencies(id),
  category       TEXT NOT NULL CHECK (category IN ('crypto', 'stock', 'forex', 'metal')),
  price_decimals INT NOT NULL,
  qty_decimals   INT NOT NULL,
  sort           INT NOT NULL
);

-- No foreign key to pairs: a per-row check makes the first start's bulk load of history twice as slow,
-- and pairs are a fixed catalogue that is never deleted.
CREATE TABLE klines (
  pair_id INT NOT NULL,
  period  TEXT NOT NULL,
  t       BIGINT NOT NULL,
  open    NUMERIC NOT NULL,
  high    NUMERIC NOT NULL,
  low     NUMERIC NOT NULL,
  close   NUMERIC NOT NULL,
  volume  NUMERIC NOT NULL,
  turnover NUMERIC NOT NULL,
  PRIMARY KEY (pair_id, period, t)
);

CREATE TABLE news (
  id         BIGSERIAL PRIMARY KEY,
  c_id       INT NOT NULL,
  image      TEXT,
  link       TEXT,
  sort       INT NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL
);

CREATE TABLE news_i18n (
  news_id BIGINT NOT NULL REFERENCES news(id) ON DELETE CASCADE,
  lang    TEXT NOT NULL,
  title   TEXT NOT NULL,
  summary TEXT NOT NULL,
  body    TEXT NOT NULL,
  PRIMARY KEY (news_id, lang)
);
