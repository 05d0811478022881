-- Projects registered by an ADMIN (issue 12): the boundary may come later (derived from the imported lots), and
-- a project is archived instead of deleted. An archived project is hidden from everyone but ADMINs (lists and
-- every project-scoped call answer as for a missing project) and keeps its users' links, scenes and layers, so
-- unarchiving brings it back as it was.
ALTER TABLE projects ALTER COLUMN delimiter DROP NOT NULL;
ALTER TABLE projects ALTER COLUMN bbox DROP NOT NULL;
ALTER TABLE projects ALTER COLUMN center DROP NOT NULL;
ALTER TABLE projects ADD CONSTRAINT projects_geometry_together CHECK (
  (delimiter IS NULL AND bbox IS NULL AND center IS NULL) OR
  (delimiter IS NOT NULL AND bbox IS NOT NULL AND center IS NOT NULL)
);
-- true when the boundary was derived from the imported lots (a later import may derive it again), false when
-- an ADMIN gave it (an import never replaces it).
ALTER TABLE projects ADD COLUMN delimiter_derived boolean NOT NULL DEFAULT false;
ALTER TABLE projects ADD COLUMN archived_at timestamptz;
ALTER TABLE projects ADD COLUMN archived_by integer REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE projects ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
