-- A running AI processing touches its analysis every few seconds. A `processing` analysis whose heartbeat is
-- old lost its worker (crash, kill -9): the jobs module queues it again, and the next run may claim it.
ALTER TABLE detections ADD COLUMN IF NOT EXISTS processing_heartbeat_at timestamptz;
