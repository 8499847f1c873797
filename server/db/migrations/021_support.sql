-- Customer service (issue 16 part 2, docs/community/SUPPORT.md). Owned by server/support/
-- (SupportRepository).
--
-- support_messages: one conversation per user with the operators. `sender` says who wrote the
-- row; `upload_id` is an image from the uploads area (scene 'image', owned by the user, or
-- stored by an operator for the user).
CREATE TABLE support_messages (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  sender      TEXT NOT NULL CHECK (sender IN ('user', 'operator')),
  body        TEXT NOT NULL DEFAULT '',
  upload_id   BIGINT REFERENCES uploads(id),
  created_at  BIGINT NOT NULL,
  CHECK (body <> '' OR upload_id IS NOT NULL)
);
CREATE INDEX support_messages_user ON support_messages (user_id, id DESC);

-- support_reads: how far each side has read a user's conversation (the last message id seen).
CREATE TABLE support_reads (
  user_id          BIGINT PRIMARY KEY REFERENCES users(id),
  user_read_id     BIGINT NOT NULL DEFAULT 0,
  operator_read_id BIGINT NOT NULL DEFAULT 0
);
