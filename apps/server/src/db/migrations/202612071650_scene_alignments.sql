-- What the alignment estimate found for a scene against the project's previous published scene (the
-- reference): the offset it proposes (ground metres east/north), how sure it is, how much the two overlap, and
-- three preview images of one window (the reference, the scene as it is, the scene with the proposal) for the
-- ADMIN's before/after swipe. `status` says whether there is a proposal ('match'), nothing to correct
-- ('aligned'), or why none is made ('weak', 'little_overlap', 'failed'). Accepting writes the offset to the
-- scene through its usual offset; rejecting leaves the scene's offset as it is.
CREATE TABLE scene_alignments (
  scene_id            integer PRIMARY KEY REFERENCES scenes(id) ON DELETE CASCADE,
  reference_scene_id  integer REFERENCES scenes(id) ON DELETE SET NULL,
  reference_date      date NOT NULL,
  status              text NOT NULL
                      CHECK (status IN ('running', 'match', 'aligned', 'weak', 'little_overlap', 'failed')),
  offset_x            double precision NOT NULL DEFAULT 0,
  offset_y            double precision NOT NULL DEFAULT 0,
  shift_x             double precision NOT NULL DEFAULT 0,
  shift_y             double precision NOT NULL DEFAULT 0,
  confidence          double precision NOT NULL DEFAULT 0 CHECK (confidence BETWEEN 0 AND 1),
  overlap             double precision NOT NULL DEFAULT 0 CHECK (overlap BETWEEN 0 AND 1),
  pixel_size          double precision NOT NULL DEFAULT 0,
  preview_reference   bytea,
  preview_before      bytea,
  preview_after       bytea,
  decision            text CHECK (decision IN ('accepted', 'rejected')),
  decided_by          integer REFERENCES users(id) ON DELETE SET NULL,
  decided_at          timestamptz,
  created_at          timestamptz NOT NULL DEFAULT now(),
  updated_at          timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scene_alignments_reference_idx ON scene_alignments (reference_scene_id);
