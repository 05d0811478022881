-- Demo projects whose demo scenes were queued once: an ADMIN who deletes them doesn't get them back on restart.
CREATE TABLE demo_imagery_loads (
  project_id  integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  loaded_at   timestamptz NOT NULL DEFAULT now()
);

-- Installations from before this table: any project that has scenes has had its imagery.
INSERT INTO demo_imagery_loads (project_id) SELECT DISTINCT project_id FROM scenes;
