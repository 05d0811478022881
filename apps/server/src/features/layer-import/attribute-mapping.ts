import {
  LAYER_IMPORT_DEFAULT_COLUMNS,
  LAYER_IMPORT_FIELDS,
  LAYER_IMPORT_MESSAGES,
  layerImportMappingSchema,
  type LayerImportField,
  type LayerImportMapping,
} from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import type { SourceFeature } from './read/source-file';

export type ResolvedMapping = Record<LayerImportField, string | null>;

const MAX_COLUMNS = 200;

/** Column names compared without case, accents or surrounding blanks. */
export const columnKey = (name: string) =>
  name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .trim()
    .toLowerCase();

/** The attribute columns of the file, in the order they first appear. */
export function columnsOf(features: SourceFeature[]): string[] {
  const seen = new Set<string>();
  for (const feature of features) {
    for (const key of Object.keys(feature.properties)) {
      if (seen.size >= MAX_COLUMNS) break;
      seen.add(key);
    }
  }
  return [...seen];
}

/** The `mapping` field (JSON text), checked against the contract's schema. */
export function parseMapping(text: string | undefined): LayerImportMapping {
  if (text === undefined || text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw unprocessable('VALIDATION', LAYER_IMPORT_MESSAGES.mappingInvalid);
  }
  const parsed = layerImportMappingSchema.safeParse(value);
  if (!parsed.success) throw unprocessable('VALIDATION', LAYER_IMPORT_MESSAGES.mappingInvalid);
  return parsed.data;
}

const FIELD_LABELS: Record<LayerImportField, string> = {
  type: 'tipo',
  block: 'quadra',
  name: 'lote',
  customerCode: 'código',
  stage: 'etapa',
  tagValue: 'rótulo',
};

/**
 * The column read for each attribute: the mapping's when it names one (a column the file must have), none
 * when it says null, else the first default name (tipo/type, quadra/block, lote/name…) the file has.
 */
export function resolveMapping(columns: string[], mapping: LayerImportMapping): ResolvedMapping {
  const byKey = new Map(columns.map((column) => [columnKey(column), column]));
  const resolved = {} as ResolvedMapping;
  for (const field of LAYER_IMPORT_FIELDS) {
    const wanted = mapping[field];
    if (wanted === null) {
      resolved[field] = null;
    } else if (wanted !== undefined) {
      const column = byKey.get(columnKey(wanted));
      if (!column) {
        throw unprocessable(
          'VALIDATION',
          `A coluna '${wanted}' indicada para ${FIELD_LABELS[field]} não existe no arquivo. Colunas do arquivo: ${columns.join(', ') || 'nenhuma'}.`,
        );
      }
      resolved[field] = column;
    } else {
      const found = LAYER_IMPORT_DEFAULT_COLUMNS[field].map((name) => byKey.get(name)).find(Boolean);
      resolved[field] = found ?? null;
    }
  }
  return resolved;
}

/** An attribute as text: numbers without a trailing '.0', blanks as null. */
export function textOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : null;
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return text === '' ? null : text.slice(0, 255);
}
