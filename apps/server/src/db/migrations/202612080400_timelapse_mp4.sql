-- Timelapse exports may also be MP4 (H.264, written by ffmpeg where the server has it).
ALTER TABLE timelapse_exports DROP CONSTRAINT timelapse_exports_format_check;
ALTER TABLE timelapse_exports ADD CONSTRAINT timelapse_exports_format_check CHECK (format IN ('webp', 'gif', 'mp4'));
