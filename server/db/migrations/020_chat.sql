-- The public chat rooms (issue 16 part 1, docs/community/CHAT.md). Owned by server/chat/
-- (ChatRepository).
--
-- chat_messages: one row per message sent to a room (one room per interface language). The text
-- is stored exactly as sent (trimmed): it is plain text, rendered as text by the app. A deleted
-- message keeps its row (who deleted it and when) but is never served again.
CREATE TABLE chat_messages (
  id          BIGSERIAL PRIMARY KEY,
  room        TEXT NOT NULL,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  text        TEXT NOT NULL CHECK (char_length(text) BETWEEN 1 AND 500),
  created_at  BIGINT NOT NULL,
  deleted_at  BIGINT
);
CREATE INDEX chat_messages_room ON chat_messages (room, id DESC);
CREATE INDEX chat_messages_user ON chat_messages (user_id, created_at DESC);

-- chat_mutes: an operator's mute of a user, one row per `chat-mute` (the latest end wins).
CREATE TABLE chat_mutes (
  id          BIGSERIAL PRIMARY KEY,
  user_id     BIGINT NOT NULL REFERENCES users(id),
  until       BIGINT NOT NULL,
  reason      TEXT NOT NULL DEFAULT '',
  created_at  BIGINT NOT NULL
);
CREATE INDEX chat_mutes_user ON chat_mutes (user_id, until DESC);
