-- Map layers of a project (spec 3 "Layer"), the per-lot status history written by the AI and lot observations.

CREATE TABLE layers (
  id              serial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- LOT, BLOCK, STAGE, PPA, … (spec 3 layer types, uppercased)
  type            text NOT NULL,
  name            text NOT NULL DEFAULT '',
  block           text,
  stage           text,
  customer_code   text,
  tag_value       text,
  obs             text,
  -- A stable key from the source data (demo lotKey, ERP code): makes loading idempotent.
  source_key      text,
  -- RFC 7946 geometry, lon/lat; validated before it is written.
  geo_json        jsonb NOT NULL,
  -- m² for polygons, 0 for lines and points.
  area_m2         double precision NOT NULL DEFAULT 0,
  -- m: polygon perimeter or line length.
  perimeter_m     double precision NOT NULL DEFAULT 0,
  -- WGS 84 [west, south, east, north]
  bbox            double precision[] NOT NULL,
  category_name   text,
  category_color  text,
  rect            text,
  price           numeric,
  start_visible   boolean NOT NULL DEFAULT true,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layers_project_type_idx ON layers (project_id, type);
CREATE UNIQUE INDEX layers_project_source_key_idx ON layers (project_id, source_key) WHERE source_key IS NOT NULL;

-- One detected status of one lot at one date. `source` says who wrote it: the AI ('ai', issue 6), an ADMIN
-- ('manual', POST allotments/{detectId}) or the demo loader ('demo-ground-truth': the generator's known truth,
-- shown until the AI has read the demo scenes; the AI replaces these rows).
CREATE TABLE lot_status_history (
  id              serial PRIMARY KEY,
  layer_id        integer NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
  date            date NOT NULL,
  status          text NOT NULL CHECK (status IN ('V', 'C', 'B', 'E', 'O', 'I', 'X')),
  precision       double precision CHECK (precision BETWEEN 0 AND 1),
  scene_id        integer REFERENCES scenes(id) ON DELETE SET NULL,
  source          text NOT NULL CHECK (source IN ('ai', 'manual', 'demo-ground-truth')),
  created_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (layer_id, date)
);
CREATE INDEX lot_status_history_layer_date_idx ON lot_status_history (layer_id, date DESC);

CREATE TABLE layer_observations (
  id              serial PRIMARY KEY,
  layer_id        integer NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
  date            date NOT NULL,
  description     text NOT NULL CHECK (char_length(description) BETWEEN 1 AND 255),
  created_by      integer REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX layer_observations_layer_idx ON layer_observations (layer_id, date DESC, id DESC);

CREATE TABLE layer_observation_photos (
  id              serial PRIMARY KEY,
  observation_id  integer NOT NULL REFERENCES layer_observations(id) ON DELETE CASCADE,
  position        integer NOT NULL,
  storage_key     text NOT NULL,
  content_type    text NOT NULL,
  size_bytes      bigint NOT NULL
);
CREATE INDEX layer_observation_photos_obs_idx ON layer_observation_photos (observation_id, position);
