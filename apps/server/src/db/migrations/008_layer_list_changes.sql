-- One row per (project, transaction) that changed what GET project/:id/layers returns: the layers, their status
-- history, detection approval, the scenes that give analysis layers their previews, the project's space.
-- Read in the same REPEATABLE READ snapshot as the list, the project's row count names exactly the set of
-- committed changes the list was built from (rows are only ever added), so a cached list is valid while the
-- count is unchanged. Plain inserts keyed by the writer's own transaction id: writers never wait on each other
-- (a per-project counter row would serialise the AI processor's concurrent transactions on its row lock).
-- No foreign key: a project's deletion cascades into layer deletes that record a change for that project.
CREATE TABLE layer_list_changes (
  project_id  integer NOT NULL,
  xact_id     xid8 NOT NULL DEFAULT pg_current_xact_id(),
  PRIMARY KEY (project_id, xact_id)
);

CREATE FUNCTION layer_list_changed_by_layers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO layer_list_changes (project_id) SELECT DISTINCT project_id FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO layer_list_changes (project_id) SELECT DISTINCT project_id FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER layers_list_insert AFTER INSERT ON layers REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_layers();
CREATE TRIGGER layers_list_update AFTER UPDATE ON layers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_layers();
CREATE TRIGGER layers_list_delete AFTER DELETE ON layers REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_layers();

-- History rows of layers deleted in the same statement find no layer here; the layers trigger records those.
CREATE FUNCTION layer_list_changed_by_history() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO layer_list_changes (project_id)
      SELECT DISTINCT l.project_id FROM new_rows n JOIN layers l ON l.id = n.layer_id ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO layer_list_changes (project_id)
      SELECT DISTINCT l.project_id FROM old_rows o JOIN layers l ON l.id = o.layer_id ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER lot_status_history_list_insert AFTER INSERT ON lot_status_history REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_history();
CREATE TRIGGER lot_status_history_list_update AFTER UPDATE ON lot_status_history
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_history();
CREATE TRIGGER lot_status_history_list_delete AFTER DELETE ON lot_status_history REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION layer_list_changed_by_history();

-- Detections, scenes and projects: few rows per statement, so row triggers limited to the columns that matter.
CREATE FUNCTION layer_list_changed_by_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN changed := OLD; ELSE changed := NEW; END IF;
  IF TG_TABLE_NAME = 'projects' THEN
    INSERT INTO layer_list_changes (project_id) VALUES (changed.id) ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO layer_list_changes (project_id) VALUES (changed.project_id) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER detections_list_approval AFTER UPDATE OF approved ON detections FOR EACH ROW
  WHEN (OLD.approved IS DISTINCT FROM NEW.approved) EXECUTE FUNCTION layer_list_changed_by_row();
CREATE TRIGGER scenes_list_insert_delete AFTER INSERT OR DELETE ON scenes FOR EACH ROW
  EXECUTE FUNCTION layer_list_changed_by_row();
CREATE TRIGGER scenes_list_update AFTER UPDATE OF status, preview_key, date ON scenes FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.preview_key IS DISTINCT FROM NEW.preview_key
    OR OLD.date IS DISTINCT FROM NEW.date) EXECUTE FUNCTION layer_list_changed_by_row();
CREATE TRIGGER projects_list_space AFTER UPDATE OF space ON projects FOR EACH ROW
  WHEN (OLD.space IS DISTINCT FROM NEW.space) EXECUTE FUNCTION layer_list_changed_by_row();
