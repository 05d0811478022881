-- A scene may be a mosaic of several files of one date (issue 12): the first file stays in original_key /
-- original_name, the others are listed here in upload order (storage keys, and the names they were sent with).
ALTER TABLE scenes ADD COLUMN mosaic_keys text[] NOT NULL DEFAULT '{}';
ALTER TABLE scenes ADD COLUMN mosaic_names text[] NOT NULL DEFAULT '{}';
