-- One row per scheduled-report run and recipient, written in the transaction that queues his e-mail: a run taken
-- again after its process died sends only to the recipients without a row, so each receives it once.
CREATE TABLE report_deliveries (
  run_id    integer NOT NULL REFERENCES report_runs(id) ON DELETE CASCADE,
  user_id   integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  queued_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, user_id)
);
