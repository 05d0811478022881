-- A running ingest touches its scene every few seconds. A `processing` scene whose heartbeat is old lost its
-- worker (crash, kill -9): the jobs module queues it again, and the next ingest may claim it.
ALTER TABLE scenes ADD COLUMN IF NOT EXISTS ingest_heartbeat_at timestamptz;
