-- A copy the futures trading rules refuse for the follower (the leverage bracket, the follower's
-- position limit on the pair, the pair's net exposure cap, a leverage the pair no longer offers)
-- is skipped with the reason `limits`, once, like the other refusals: before, the mirror threw,
-- and its sweep tried the same copy again every minute.
ALTER TABLE copies DROP CONSTRAINT copies_skip_reason_check;
ALTER TABLE copies ADD CONSTRAINT copies_skip_reason_check
  CHECK (skip_reason IN ('margin', 'maxMargin', 'dailyLimit', 'lots', 'price', 'limits'));
