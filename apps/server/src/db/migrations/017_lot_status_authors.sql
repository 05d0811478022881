-- A lot's status history tells who wrote each entry (issue 15 item 6): the AI with its calibrated confidence,
-- an ADMIN's manual edit with the ADMIN, an import, or the demo generator. Only the AI's rows carry a
-- confidence; the others used to say precision 1, which the screens showed as 'Confiança 100%'.
ALTER TABLE lot_status_history ADD COLUMN edited_by integer REFERENCES users(id) ON DELETE SET NULL;

ALTER TABLE lot_status_history DROP CONSTRAINT lot_status_history_source_check;
ALTER TABLE lot_status_history ADD CONSTRAINT lot_status_history_source_check
  CHECK (source IN ('ai', 'manual', 'import', 'demo-ground-truth'));

UPDATE lot_status_history SET precision = NULL WHERE source <> 'ai' AND precision IS NOT NULL;
ALTER TABLE lot_status_history ADD CONSTRAINT lot_status_history_precision_of_ai
  CHECK (source = 'ai' OR precision IS NULL);
ALTER TABLE lot_status_history ADD CONSTRAINT lot_status_history_editor_of_manual
  CHECK (source = 'manual' OR edited_by IS NULL);

-- The demo allotment's scenes get the AI's analyses once after their ingest (then the demo shows AI output).
ALTER TABLE demo_imagery_loads ADD COLUMN analyses_queued_at timestamptz;
