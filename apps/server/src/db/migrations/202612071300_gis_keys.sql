-- Personal read-only keys for GIS clients (QGIS, GDAL, ArcGIS). Only the SHA-256 of the key is kept; the key
-- itself is shown once, when it is created. A key works only on the GIS routes (/gis/…) and only while it is
-- neither revoked nor expired and its owner is active.
CREATE TABLE gis_keys (
  id            serial PRIMARY KEY,
  user_id       integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  name          text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
  key_hash      text NOT NULL UNIQUE,
  -- The key's first characters, so that its owner can tell his keys apart in the list.
  key_prefix    text NOT NULL CHECK (char_length(key_prefix) <= 16),
  created_at    timestamptz NOT NULL DEFAULT now(),
  expires_at    timestamptz NOT NULL,
  last_used_at  timestamptz,
  revoked_at    timestamptz
);
CREATE INDEX gis_keys_user_idx ON gis_keys (user_id);
