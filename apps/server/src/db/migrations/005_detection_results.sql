-- AI detections (issue 6). The classifier's reading of each lot per analysis is kept apart from the status
-- history: the history holds one status per lot and date (a manual correction wins over the AI there), while
-- the next scene's run needs this scene's features of every lot it read.

CREATE TABLE detection_results (
  detection_id    integer NOT NULL REFERENCES detections(id) ON DELETE CASCADE,
  layer_id        integer NOT NULL REFERENCES layers(id) ON DELETE CASCADE,
  status          text NOT NULL CHECK (status IN ('V', 'C', 'B', 'E', 'O', 'I', 'X')),
  confidence      double precision NOT NULL CHECK (confidence BETWEEN 0 AND 1),
  -- The classifier's per-lot features (~40 numbers); null when the scene showed too little of the lot ('X').
  features        jsonb,
  PRIMARY KEY (detection_id, layer_id)
);

-- The analysis that wrote an 'ai' row: re-processing replaces exactly its rows, and removing the analysis
-- removes its results.
ALTER TABLE lot_status_history ADD COLUMN detection_id integer REFERENCES detections(id) ON DELETE CASCADE;
CREATE INDEX lot_status_history_detection_idx ON lot_status_history (detection_id) WHERE detection_id IS NOT NULL;
