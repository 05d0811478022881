-- Relatório de Análise (spec 2.5): the PDF an ADMIN uploads for an environment analysis, shown instead of the
-- generated report. One per analysis; replacing it swaps the stored file.

CREATE TABLE environment_report_files (
  detection_id integer PRIMARY KEY REFERENCES detections(id) ON DELETE CASCADE,
  storage_key  text NOT NULL,
  file_name    text NOT NULL,
  size_bytes   integer NOT NULL CHECK (size_bytes > 0),
  uploaded_by  integer REFERENCES users(id) ON DELETE SET NULL,
  uploaded_at  timestamptz NOT NULL DEFAULT now()
);
