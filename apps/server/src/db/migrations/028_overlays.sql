-- Overlays of construction projects (spec 2.4, 2.10, 3 "Overlay"; issue 16): a PDF plan's first page rendered to
-- an image on the server, then laid over the imagery by control points.
-- One row per converted upload (the wizard's step 1): the hash names it in the calls that follow. Files under
-- `overlays/p<project>/<hash>/`; an upload no overlay took is removed with its files after a day.
CREATE TABLE overlay_files (
  hash          text PRIMARY KEY CHECK (hash ~ '^[a-f0-9]{32}$'),
  project_id    integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  image_key     text NOT NULL,
  small_key     text NOT NULL,
  width         integer NOT NULL CHECK (width > 0),
  height        integer NOT NULL CHECK (height > 0),
  original_name text CHECK (char_length(original_name) <= 255),
  created_by    integer REFERENCES users(id) ON DELETE SET NULL,
  created_at    timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX overlay_files_project_idx ON overlay_files (project_id);

-- `bounds` is spec 3's two corners; `corners` the four a rotated plan needs (top-left, top-right, bottom-right,
-- bottom-left, [lng, lat]); `points` the control points ({lat, lng, x, y}, image pixels of the full image).
CREATE TABLE overlays (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  name        text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 255),
  hash        text NOT NULL REFERENCES overlay_files(hash),
  bounds      jsonb NOT NULL,
  corners     jsonb NOT NULL,
  points      jsonb NOT NULL,
  transform   text NOT NULL CHECK (transform IN ('similarity', 'affine')),
  residuals   jsonb NOT NULL,
  rmse        double precision NOT NULL CHECK (rmse >= 0),
  opacity     integer NOT NULL DEFAULT 100 CHECK (opacity BETWEEN 0 AND 100),
  created_by  integer REFERENCES users(id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX overlays_project_idx ON overlays (project_id, id);
