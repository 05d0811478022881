-- Scheduled e-mailed reports of an allotment: a MANAGER (or an ADMIN) chooses, per project, a weekly or monthly
-- report and its recipients (users of the project). Each due date becomes one run; a run is sent once.
CREATE TABLE report_schedules (
  id              serial PRIMARY KEY,
  project_id      integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  frequency       text NOT NULL CHECK (frequency IN ('weekly', 'monthly')),
  -- weekly: the day of the week (0 Sunday … 6 Saturday); monthly: the day of the month (1–28).
  day             smallint NOT NULL,
  created_by      integer REFERENCES users(id) ON DELETE SET NULL,
  created_at      timestamptz NOT NULL DEFAULT now(),
  updated_at      timestamptz NOT NULL DEFAULT now(),
  next_run_at     timestamptz NOT NULL,
  -- The latest imagery date the last scheduled report described: "changes since the last report" start here.
  last_status_date date,
  last_sent_at    timestamptz,
  CHECK ((frequency = 'weekly' AND day BETWEEN 0 AND 6) OR (frequency = 'monthly' AND day BETWEEN 1 AND 28))
);
CREATE INDEX report_schedules_project_idx ON report_schedules (project_id);
CREATE INDEX report_schedules_due_idx ON report_schedules (next_run_at);

CREATE TABLE report_schedule_recipients (
  schedule_id integer NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE,
  user_id     integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (schedule_id, user_id)
);

-- One row per sending: 'scheduled' (its due time, once per schedule) or 'now' ('Enviar agora').
CREATE TABLE report_runs (
  id            serial PRIMARY KEY,
  schedule_id   integer NOT NULL REFERENCES report_schedules(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('scheduled', 'now')),
  due_at        timestamptz NOT NULL DEFAULT now(),
  state         text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'sending', 'sent', 'failed')),
  requested_by  integer REFERENCES users(id) ON DELETE SET NULL,
  status_date   date,
  sent_count    integer NOT NULL DEFAULT 0,
  skipped_count integer NOT NULL DEFAULT 0,
  error         text,
  created_at    timestamptz NOT NULL DEFAULT now(),
  started_at    timestamptz,
  finished_at   timestamptz
);
CREATE UNIQUE INDEX report_runs_scheduled_key ON report_runs (schedule_id, due_at) WHERE kind = 'scheduled';
CREATE INDEX report_runs_schedule_idx ON report_runs (schedule_id, created_at DESC);
