-- Issue 32, item 19: registration named an account after its email's local part ("johnqsmith",
-- up to 10 letters and digits, "user" before a one-letter one) or the last four digits of its
-- phone ("user1234"), and the public chat shows nicknames. Accounts that still carry that
-- default get a neutral one, "User" and six random letters or digits, as registration now gives
-- (server/auth/authHandlers.ts); a nickname the user chose is left alone.
UPDATE users SET nickname = 'User' || substr(md5(random()::text || id::text || clock_timestamp()::text), 1, 6)
WHERE (
    email IS NOT NULL
    AND nickname = CASE
      WHEN length(regexp_replace(split_part(email, '@', 1), '[^[:alnum:]]', '', 'g')) >= 2
        THEN left(regexp_replace(split_part(email, '@', 1), '[^[:alnum:]]', '', 'g'), 10)
      ELSE left('user' || regexp_replace(split_part(email, '@', 1), '[^[:alnum:]]', '', 'g'), 10)
    END
  )
  OR (mobile IS NOT NULL AND nickname = 'user' || right(mobile, 4));
