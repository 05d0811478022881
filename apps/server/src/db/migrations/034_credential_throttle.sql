-- Credential throttles shared by every API process on the database.
-- One row per bucket: the key is a SHA-256 of the bucket's kind and subject (an e-mail, a token, an address),
-- so no token or e-mail is stored in clear; `attempts` counts the calls of the window that ends at
-- `window_ends_at`.
-- UNLOGGED: counters are worth no WAL; a crash of PostgreSQL only empties them (every window starts afresh).
CREATE UNLOGGED TABLE credential_attempts (
  bucket_key      text PRIMARY KEY,
  attempts        integer NOT NULL CHECK (attempts > 0),
  window_ends_at  timestamptz NOT NULL
);
CREATE INDEX credential_attempts_window_idx ON credential_attempts (window_ends_at);

-- Where each user recently proved who he is (his password, an e-mailed password link): while his account is
-- being guessed from elsewhere, these addresses still get in. `address` is the client address as the throttle
-- keys it (IPv4, or an IPv6 /64 prefix).
CREATE TABLE user_sign_in_addresses (
  user_id          integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  address          text NOT NULL,
  last_success_at  timestamptz NOT NULL,
  PRIMARY KEY (user_id, address)
);
CREATE INDEX user_sign_in_addresses_last_success_idx ON user_sign_in_addresses (last_success_at);
