-- ★ Elevation models (DSM) of scenes: a single-band float GeoTIFF in a metric CRS, stored beside the scene's
-- files (deleted with them). Notes measure their volume on it (cut, fill, net against a chosen base).
CREATE TABLE scene_elevation_models (
  scene_id       integer PRIMARY KEY REFERENCES scenes(id) ON DELETE CASCADE,
  storage_key    text NOT NULL,
  original_name  text NOT NULL,
  width          integer NOT NULL CHECK (width > 0),
  height         integer NOT NULL CHECK (height > 0),
  created_at     timestamptz NOT NULL DEFAULT now()
);
