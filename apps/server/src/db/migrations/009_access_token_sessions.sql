-- Sessions opened with a sign-in link remember it, so that revoking the link ends them too.
ALTER TABLE sessions ADD COLUMN access_token_id bigint REFERENCES access_tokens(id) ON DELETE CASCADE;
CREATE INDEX sessions_access_token_idx ON sessions (access_token_id) WHERE access_token_id IS NOT NULL;
