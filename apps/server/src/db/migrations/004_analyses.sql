-- Analyses (detections): one per scene, created by an ADMIN or from the AI tab, approved, and sent to the
-- AI queue (the processor that reads pixels lives in features/detections).

CREATE TABLE detections (
  id                   serial PRIMARY KEY,
  project_id           integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  -- The analysed ("after") scene; one analysis per scene.
  scene_id             integer NOT NULL UNIQUE REFERENCES scenes(id) ON DELETE CASCADE,
  -- Environment analyses compare two scenes; allotment analyses have none.
  before_scene_id      integer REFERENCES scenes(id) ON DELETE SET NULL,
  approved             boolean NOT NULL DEFAULT false,
  duplicate_detect_allotment boolean NOT NULL DEFAULT false,
  -- Sent to the AI queue ('Sim'/'Não' in the admin lists).
  analysis_ai          boolean NOT NULL DEFAULT false,
  processing_state     text NOT NULL DEFAULT 'idle'
                       CHECK (processing_state IN ('idle', 'queued', 'processing', 'done', 'failed')),
  processing_progress  integer NOT NULL DEFAULT 0 CHECK (processing_progress BETWEEN 0 AND 100),
  processing_error     text,
  created_at           timestamptz NOT NULL DEFAULT now(),
  updated_at           timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX detections_project_idx ON detections (project_id);
CREATE INDEX detections_created_at_idx ON detections (created_at DESC);
