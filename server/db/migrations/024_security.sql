-- Account security beyond the spec (docs/SECURITY.md): TOTP two-factor with recovery codes,
-- two-step login challenges, an anti-phishing code, and the devices a user has signed in from.

-- One row per user who started or finished TOTP setup. The secret is AES-256-GCM encrypted
-- under the server secret `totp_key`; `enabled_at` is null until the user confirmed a code.
-- `last_step` is the newest 30 s step a code was accepted for: a code is never accepted twice.
CREATE TABLE two_factor (
  user_id    BIGINT PRIMARY KEY REFERENCES users(id),
  secret_enc TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  enabled_at BIGINT,
  last_step  BIGINT NOT NULL DEFAULT 0
);

-- Ten single-use recovery codes per enabled user, stored as an HMAC; a new set replaces the old.
CREATE TABLE recovery_codes (
  id        BIGSERIAL PRIMARY KEY,
  user_id   BIGINT NOT NULL REFERENCES users(id),
  code_hash TEXT NOT NULL,
  used_at   BIGINT
);
CREATE INDEX recovery_codes_user ON recovery_codes (user_id);

-- A right password for a user with two-factor on: the second step presents this challenge
-- (only its SHA-256 is stored) with a code within 5 minutes; it creates at most one session.
CREATE TABLE login_challenges (
  id         BIGSERIAL PRIMARY KEY,
  token_hash TEXT NOT NULL UNIQUE,
  user_id    BIGINT NOT NULL REFERENCES users(id),
  remember   BOOLEAN NOT NULL,
  device_id  TEXT,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  used_at    BIGINT
);

-- Shown in every mail and SMS the server sends to the user.
ALTER TABLE users ADD COLUMN anti_phishing_code TEXT;

-- Devices (the app's random `X-Device-Id`) a user has signed in from.
CREATE TABLE known_devices (
  user_id       BIGINT NOT NULL REFERENCES users(id),
  device_id     TEXT NOT NULL,
  first_seen_at BIGINT NOT NULL,
  last_seen_at  BIGINT NOT NULL,
  PRIMARY KEY (user_id, device_id)
);
