import {
  planarArea,
  planarLength,
  NOTE_GEOMETRY,
  NOTE_MESSAGES,
  type NoteGeometry,
  type NoteType,
  type SaveNote,
} from '@mirante/shared';
import { validityProblem } from '../../geo/validity';
import { unprocessable } from '../../http/app-error';

const DRAW_MODE: Record<NoteType, NonNullable<SaveNote['layer']>> = {
  polygon: 'polygon',
  line: 'linestring',
  marker: 'point',
};

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Checks the drawn shape against the note type (a polygon, a line or a marker; drawn polygons may
 * not cross themselves; rings closed; valid as JTS defines it — no collapsed ring, a line of two distinct
 * points) and returns its measure: the planar area in m² of a polygon in its SIRGAS 2000 / UTM zone (a
 * surveyor's area), the planar length in m of a line in that zone (2 decimals), null for a marker.
 */
export function measureNoteShape(
  noteType: NoteType,
  geometry: NoteGeometry,
  layer?: SaveNote['layer'],
): number | null {
  if (geometry.type !== NOTE_GEOMETRY[noteType] || (layer !== undefined && layer !== DRAW_MODE[noteType]))
    throw unprocessable('INVALID_GEOMETRY', NOTE_MESSAGES.shapeMismatch);
  if (geometry.type === 'Polygon') {
    const ring = geometry.coordinates[0] ?? [];
    const first = ring[0];
    const last = ring[ring.length - 1];
    if (!first || !last || first[0] !== last[0] || first[1] !== last[1])
      throw unprocessable('INVALID_GEOMETRY', 'Geometria inválida: o anel do polígono não está fechado.');
  }
  const problem = validityProblem(geometry);
  if (problem?.selfIntersection) throw unprocessable('INVALID_GEOMETRY', NOTE_MESSAGES.selfIntersecting);
  if (problem) throw unprocessable('INVALID_GEOMETRY', `Geometria inválida: ${problem.message}.`);
  if (geometry.type === 'Point') return null;
  if (geometry.type === 'LineString') return round2(planarLength(geometry.coordinates));
  return round2(planarArea(geometry));
}
