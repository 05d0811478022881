-- Why an AI analysis's readings were all sent to 'A revisar' (e.g. a scene unlike the imagery the AI knows), in
-- pt-BR as shown to the ADMIN; null when the readings' own confidences decide alone. Written by each AI run.
ALTER TABLE detections ADD COLUMN IF NOT EXISTS review_reason text;
