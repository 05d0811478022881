import { planarLength, type NoteGeometry, type NoteType } from '@mirante/shared';
import { ringMeasures } from '../map/model/measure';
import { formatMetres, formatSquareMetres } from '../map/model/format';

type Position = [number, number];
const round2 = (value: number) => Math.round(value * 100) / 100;

/** The validation rules: the read-only measure of a drawing — planar area (m²) of a polygon and
 * length (m) of a line in their SIRGAS 2000 / UTM zone, as the server measures them. */
export function measureShape(geometry: NoteGeometry | null): number | null {
  if (!geometry || geometry.type === 'Point') return null;
  if (geometry.type === 'LineString') return round2(planarLength(geometry.coordinates));
  return round2(ringMeasures((geometry.coordinates[0] ?? []) as Position[]).area);
}

const volumeNumber = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The construction pages: m for a line, m² otherwise, a dash when empty. */
export function formatNoteMeasure(noteType: NoteType, value: number | null): string {
  if (value === null) return '—';
  return noteType === 'line' ? formatMetres(value) : formatSquareMetres(value);
}

/** The construction pages: the volume in m³ when above zero, else a dash. */
export const formatVolume = (value: number) => (value > 0 ? `${volumeNumber.format(value)} m³` : '—');

/** The label of the read-only measure field for a note type. */
export const measureLabel = (noteType: NoteType | undefined) =>
  noteType === 'line' ? 'Comprimento (m)' : 'Área (m²)';
