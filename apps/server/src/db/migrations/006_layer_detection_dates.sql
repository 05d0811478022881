-- Analysis-type layers (REFO, DEFO, GAMBIRA; spec 3 Layer) carry the dates of the two scenes they compare:
-- detect_before_date / detect_after_date. The detection detail modal shows the project's scenes of those dates
-- side by side. Other layers leave them null.

ALTER TABLE layers
  ADD COLUMN detect_before_date date,
  ADD COLUMN detect_after_date  date,
  ADD CONSTRAINT layers_detect_dates_order
    CHECK (detect_before_date IS NULL OR detect_after_date IS NULL OR detect_before_date < detect_after_date);
