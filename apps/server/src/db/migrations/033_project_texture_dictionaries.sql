-- The texture words of an allotment project (detections/ai/texture-words.ts): learnt without labels on the
-- project's first analysed scene and kept, so that every later scene's lots are described with the same words
-- and the ADMIN's corrections on one scene teach the AI about the next.

CREATE TABLE project_texture_dictionaries (
  project_id integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  scene_id   integer REFERENCES scenes(id) ON DELETE SET NULL,
  dictionary jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
