-- Demo projects whose first demo scene was queued, before all of them were (demo_imagery_loads): a first start
-- interrupted while it rendered the demo imagery leaves them here, and the next start queues the rest.
CREATE TABLE demo_imagery_starts (
  project_id  integer PRIMARY KEY REFERENCES projects(id) ON DELETE CASCADE,
  started_at  timestamptz NOT NULL DEFAULT now()
);
