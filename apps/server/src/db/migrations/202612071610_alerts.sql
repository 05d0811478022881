-- Alerts: what changed in a project (an event, recorded once whatever the number of processes: dedupe_key is
-- unique), who receives it (one delivery row per event and user: the bell's list and the e-mail's state) and
-- what each user chose per project (which kinds of event, and e-mail at once, in a daily or weekly digest, or
-- none).
CREATE TABLE alert_events (
  id            bigserial PRIMARY KEY,
  project_id    integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kind          text NOT NULL CHECK (kind IN ('scene_published', 'ai_readings', 'status_changes',
                  'environment_proposals', 'sync_failed', 'finance_imagery')),
  dedupe_key    text NOT NULL UNIQUE,
  payload       jsonb NOT NULL,
  created_at    timestamptz NOT NULL DEFAULT now(),
  -- Set in the transaction that wrote the event's deliveries and queued its immediate e-mails.
  dispatched_at timestamptz
);
CREATE INDEX alert_events_pending_idx ON alert_events (id) WHERE dispatched_at IS NULL;
CREATE INDEX alert_events_project_idx ON alert_events (project_id, id);

CREATE TABLE alert_preferences (
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  project_id integer NOT NULL REFERENCES projects(id) ON DELETE CASCADE,
  kinds      text[] NOT NULL,
  delivery   text NOT NULL CHECK (delivery IN ('immediate', 'daily', 'weekly', 'none')),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, project_id)
);

CREATE TABLE alert_deliveries (
  event_id   bigint NOT NULL REFERENCES alert_events(id) ON DELETE CASCADE,
  user_id    integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- How the e-mail goes out, as chosen when the event was dispatched.
  email_mode text NOT NULL CHECK (email_mode IN ('immediate', 'daily', 'weekly', 'none')),
  -- Set in the transaction that queued the e-mail (immediate or digest) carrying it.
  emailed_at timestamptz,
  read_at    timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (event_id, user_id)
);
CREATE INDEX alert_deliveries_user_idx ON alert_deliveries (user_id, event_id DESC);
CREATE INDEX alert_deliveries_digest_idx ON alert_deliveries (email_mode, user_id)
  WHERE emailed_at IS NULL AND email_mode IN ('daily', 'weekly');

-- Only what happens after the alerts exist becomes an event: an upgraded installation is not flooded with
-- its past scenes and analyses.
CREATE TABLE alert_settings (
  id           boolean PRIMARY KEY DEFAULT true CHECK (id),
  events_since timestamptz NOT NULL DEFAULT now()
);
INSERT INTO alert_settings DEFAULT VALUES;

-- What the event scan has already read (an analysis, a sync run): read once even when it made no event.
CREATE TABLE alert_sources_seen (
  source_key text PRIMARY KEY,
  seen_at    timestamptz NOT NULL DEFAULT now()
);
