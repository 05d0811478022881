-- Read-only share links: an ADMIN or a MANAGER hands one view of a project (its map at a date, two dates
-- compared, or one lot's history) to somebody without an account. Only the SHA-256 of the link's secret is
-- kept (the address is shown once, at creation); the optional password is an argon2id hash, as users' are.
CREATE TABLE share_links (
  id                 serial PRIMARY KEY,
  project_id         integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  created_by         integer REFERENCES users(id) ON DELETE SET NULL,
  kind               text NOT NULL CHECK (kind IN ('map', 'compare', 'lot')),
  date               date,
  before_date        date,
  compare_mode       text CHECK (compare_mode IN ('lado-a-lado', 'cortina')),
  layer_id           integer REFERENCES layers(id) ON DELETE CASCADE,
  show_observations  boolean NOT NULL DEFAULT false,
  token_hash         text NOT NULL UNIQUE,
  password_hash      text,
  created_at         timestamptz NOT NULL DEFAULT now(),
  expires_at         timestamptz NOT NULL,
  revoked_at         timestamptz,
  views              integer NOT NULL DEFAULT 0,
  last_viewed_at     timestamptz,
  CONSTRAINT share_links_kind_fields CHECK (
    (kind = 'map' AND date IS NOT NULL AND before_date IS NULL AND layer_id IS NULL) OR
    (kind = 'compare' AND date IS NOT NULL AND before_date IS NOT NULL AND before_date < date
       AND compare_mode IS NOT NULL AND layer_id IS NULL) OR
    (kind = 'lot' AND layer_id IS NOT NULL AND before_date IS NULL)
  )
);
CREATE INDEX share_links_project_idx ON share_links (project_id, created_at DESC);
