import slugify from 'slugify';
import { TIMELAPSE_FORMATS, type TimelapseFormat } from '@mirante/shared';

const slug = (value: string) => slugify(value, { lower: true, strict: true, locale: 'pt', trim: true });

/**
 * The exported file's name: project, lot (or 'mapa' for a view) and the first and last dates, e.g.
 * `jardim-das-palmeiras-lote-12-2025-01-10-a-2026-11-01.webp`.
 */
export function timelapseFileName(parts: {
  project: string;
  lot: string | null;
  first: string;
  last: string;
  format: TimelapseFormat;
}): string {
  const subject = parts.lot ? slug(parts.lot) || 'lote' : 'mapa';
  const base = `${slug(parts.project).slice(0, 80) || 'projeto'}-${subject.slice(0, 40)}-timelapse-${parts.first}-a-${parts.last}`;
  return `${base}.${TIMELAPSE_FORMATS[parts.format].extension}`;
}
