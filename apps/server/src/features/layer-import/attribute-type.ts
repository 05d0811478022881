import { LAYER_TYPE_ALIASES, LAYER_TYPES, normalizeLayerType, type LayerType } from '@mirante/shared';

/** Upper case, no accents, blanks and dashes as underscores: 'Área verde' → 'AREA_VERDE'. */
export const typeKey = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');

const KNOWN: ReadonlySet<string> = new Set(LAYER_TYPES);

/**
 * The layer type a value names — the entities and their fields names and numeric codes, or the Portuguese words surveyors use
 * (LOTE, QUADRA, ETAPA, APP…) — or null when it names none.
 */
export function layerTypeOf(value: unknown): LayerType | null {
  if (typeof value === 'number') return value >= 0 && value <= 2 ? normalizeLayerType(value) : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const key = typeKey(value);
  if (/^[012]$/.test(key)) return normalizeLayerType(key);
  if (KNOWN.has(key)) return key as LayerType;
  return LAYER_TYPE_ALIASES[key] ?? null;
}
