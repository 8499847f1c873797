-- The private channel's per-user sequence numbers (server/realtime/UserSequences.ts). Kept in
-- the database, not in memory, so a restart or a second node continues each user's count: a
-- client never sees the numbers start over and mistake new messages for ones it has applied.
CREATE TABLE user_channel (
  user_id BIGINT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  -- The last number handed out; the next message is seq + 1.
  seq     BIGINT NOT NULL CHECK (seq > 0)
);
