-- Timelapse exports: an animated WebP/GIF of a project's published scenes over a lot or a map view, built by a
-- worker on the CPU pool. The row holds what was asked, how far the worker got, and where the file is. The file
-- lives under jobs/timelapse/ in the storage, which the storage sweep empties after an hour (an export is a
-- download, not a document kept): past that, the row stays and its download answers that it has expired.
CREATE TABLE timelapse_exports (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lot_id      integer REFERENCES layers(id) ON DELETE SET NULL,
  format      text NOT NULL CHECK (format IN ('webp', 'gif')),
  -- The view (bounding box, frame size) and frame time asked for; the scenes kept by the date range and the
  -- cloud limit are in scene_ids.
  request     jsonb NOT NULL,
  -- The scenes the filters kept, in date order (ids), fixed when the export is asked for.
  scene_ids   integer[] NOT NULL,
  status      text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'ready', 'failed')),
  progress    integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  file_name   text NOT NULL CHECK (char_length(file_name) <= 200),
  file_key    text,
  error       text,
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX timelapse_exports_user_idx ON timelapse_exports (user_id, created_at DESC);
