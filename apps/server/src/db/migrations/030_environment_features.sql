-- Environment analyses (issue 17): the vegetation changes between an analysis's before and after scenes.
-- The detector proposes them (source 'ai', review 'pending'); an ADMIN approves, rejects (reason kept) or edits
-- each before it is published. Manual detections drawn by an ADMIN (source 'manual') are approved as they are
-- saved. An approved feature becomes a REFO/DEFO/GAMBIRA map layer (layer_id).

CREATE TABLE environment_features (
  id                 serial PRIMARY KEY,
  detection_id       integer NOT NULL REFERENCES detections(id) ON DELETE CASCADE,
  source             text NOT NULL CHECK (source IN ('ai', 'manual')),
  category           text NOT NULL CHECK (category IN ('REFO', 'DEFO', 'GAMBIRA')),
  -- RFC 7946 Polygon, lon/lat.
  geo_json           jsonb NOT NULL,
  area_m2            double precision NOT NULL CHECK (area_m2 > 0),
  description        text NOT NULL DEFAULT '',
  -- The detector's confidence (0–1); null for manual detections.
  confidence         double precision CHECK (confidence BETWEEN 0 AND 1),
  review_status      text NOT NULL DEFAULT 'pending' CHECK (review_status IN ('pending', 'approved', 'rejected')),
  reject_reason      text,
  before_preview_key text,
  after_preview_key  text,
  layer_id           integer REFERENCES layers(id) ON DELETE SET NULL,
  created_by         integer REFERENCES users(id) ON DELETE SET NULL,
  reviewed_by        integer REFERENCES users(id) ON DELETE SET NULL,
  reviewed_at        timestamptz,
  created_at         timestamptz NOT NULL DEFAULT now(),
  updated_at         timestamptz NOT NULL DEFAULT now(),
  CHECK (review_status <> 'rejected' OR reject_reason IS NOT NULL)
);
CREATE INDEX environment_features_detection_idx ON environment_features (detection_id, id);

-- The minimum mapping unit an environment analysis was run with (m²); null for allotment analyses.
ALTER TABLE detections ADD COLUMN min_area_m2 double precision CHECK (min_area_m2 > 0);
