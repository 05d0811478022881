-- Imagery: dated scenes of a project, their ingest state and where their files live in storage.

CREATE TABLE scenes (
  id              serial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  date            date NOT NULL,
  cloud           double precision,
  precision       double precision,
  published       boolean NOT NULL DEFAULT false,
  offset_x        double precision NOT NULL DEFAULT 0,
  offset_y        double precision NOT NULL DEFAULT 0,
  status          text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
  progress        integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  error_message   text,
  source_kind     text NOT NULL CHECK (source_kind IN ('geotiff', 'png', 'jpeg')),
  -- WGS 84 [west, south, east, north] given with a PNG/JPEG upload.
  source_bounds   double precision[],
  original_key    text NOT NULL,
  original_name   text NOT NULL,
  archive_key     text,
  preview_key     text,
  model_key       text,
  model_name      text,
  -- WGS 84 [west, south, east, north] of the tiled scene.
  bounds          double precision[],
  min_zoom        integer,
  max_zoom        integer,
  tile_count      integer,
  -- Bumped by every successful ingest; part of tile ETags.
  tiles_version   integer NOT NULL DEFAULT 0,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  UNIQUE (project_id, date)
);
CREATE INDEX scenes_project_date_idx ON scenes (project_id, date DESC);
