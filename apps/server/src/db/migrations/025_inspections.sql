-- Construction inspections (spec 2.10, 3 "Inspection", 4): one dated scene of a construction project read as a
-- phase of the works. A scene serves at most one inspection (the picker disables the scenes already used).
CREATE TABLE inspections (
  id          serial PRIMARY KEY,
  project_id  integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  scene_id    integer NOT NULL UNIQUE REFERENCES scenes(id) ON DELETE CASCADE,
  phase       integer NOT NULL CHECK (phase >= 1),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspections_project_idx ON inspections (project_id);
