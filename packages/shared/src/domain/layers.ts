/** Layer types of the entities and their fields (stored uppercased). */
export const LAYER_TYPES = [
  'LOT',
  'BLOCK',
  'STAGE',
  'PPA',
  'REFO',
  'DEFO',
  'GAMBIRA',
  'OTHER',
  'ENROLLMENT',
  'PROTOCOLED',
  'WATER_SYSTEM',
  'SEWERAGE',
  'ELECTRICAL_SYSTEM',
  'DRAINAGE_SYSTEM',
  'SIGNPOST',
  'SEWERAGE_OUTFALL',
  'VIELAS',
  'SISTEMA_LAZER',
  'RESERVA_LEGAL',
  'PORTARIA',
  'EPU',
  'EPP',
  'EPC',
  'CLUBE',
  'CALCADA',
  'AREA_VERDE',
  'RETENTION_BASIN',
  'WATER_PAPELINE',
  'TREE_MAINTAIN',
  'TREE_REMOVE',
  'STREAM',
  'LIMIT',
  'DEFAULT',
] as const;
export type LayerType = (typeof LAYER_TYPES)[number];

/** pt-BR names of the layer types, as the Camadas tab lists them. */
export const LAYER_TYPE_LABELS: Record<LayerType, string> = {
  LOT: 'Lotes',
  BLOCK: 'Quadras',
  STAGE: 'Etapas',
  PPA: 'APP',
  REFO: 'Reflorestamento',
  DEFO: 'Desmatamento',
  GAMBIRA: 'Outras análises',
  OTHER: 'Outros',
  ENROLLMENT: 'Matrículas',
  PROTOCOLED: 'Protocolados',
  WATER_SYSTEM: 'Rede de água',
  SEWERAGE: 'Rede de esgoto',
  ELECTRICAL_SYSTEM: 'Rede elétrica',
  DRAINAGE_SYSTEM: 'Drenagem',
  SIGNPOST: 'Sinalização',
  SEWERAGE_OUTFALL: 'Emissário de esgoto',
  VIELAS: 'Vielas',
  SISTEMA_LAZER: 'Sistema de lazer',
  RESERVA_LEGAL: 'Reserva legal',
  PORTARIA: 'Portaria',
  EPU: 'EPU',
  EPP: 'EPP',
  EPC: 'EPC',
  CLUBE: 'Clube',
  CALCADA: 'Calçadas',
  AREA_VERDE: 'Área verde',
  RETENTION_BASIN: 'Bacia de retenção',
  WATER_PAPELINE: 'Adutora',
  TREE_MAINTAIN: 'Árvores a manter',
  TREE_REMOVE: 'Árvores a remover',
  STREAM: 'Córregos',
  LIMIT: 'Limite',
  DEFAULT: 'Outras camadas',
};

/**
 * The entities and their fields: numeric types 0 = reforestation, 1 = deforestation, 2 = other analysis; otherwise the string uppercased.
 * Unknown strings become DEFAULT.
 */
export function normalizeLayerType(type: string | number): LayerType {
  if (type === 0 || type === '0') return 'REFO';
  if (type === 1 || type === '1') return 'DEFO';
  if (type === 2 || type === '2') return 'GAMBIRA';
  const upper = String(type).trim().toUpperCase();
  return (LAYER_TYPES as readonly string[]).includes(upper) ? (upper as LayerType) : 'DEFAULT';
}

/** Detection type keys of the entities and their fields; X means none. */
export const DETECTION_KEYS = ['V', 'C', 'B', 'E', 'O', 'I', 'X'] as const;
export type DetectionKey = (typeof DETECTION_KEYS)[number];

export interface DetectionType {
  key: DetectionKey;
  name: string;
  color: string;
  icon: string;
  showInDetectionsPageFilters: boolean;
}

/** The global detection-type configuration (C yellow, E purple, B brown, V green, O blue). */
/**
 * An AI reading whose confidence (the status history's `precision`, a calibrated probability that the lot is
 * rightly read as built or not built) is below this is 'A revisar': an ADMIN should check it first.
 */
export const AI_REVIEW_BELOW = 0.75;
export const AI_REVIEW_LABEL = 'A revisar';

/** True for a status row the AI wrote with a confidence under AI_REVIEW_BELOW (manual and demo rows have 1). */
export function needsReview(precision: number | null | undefined): boolean {
  return typeof precision === 'number' && precision < AI_REVIEW_BELOW;
}

export const DETECTION_TYPES: readonly DetectionType[] = [
  { key: 'V', name: 'Vazio', color: '#3fa34d', icon: 'leaf', showInDetectionsPageFilters: true },
  {
    key: 'B',
    name: 'Movimentação de terra',
    color: '#8d5a2b',
    icon: 'tractor',
    showInDetectionsPageFilters: true,
  },
  { key: 'E', name: 'Em construção', color: '#8e44ad', icon: 'crane', showInDetectionsPageFilters: true },
  { key: 'C', name: 'Construído', color: '#f2c230', icon: 'home', showInDetectionsPageFilters: true },
  { key: 'O', name: 'Outros', color: '#2e7dd7', icon: 'question', showInDetectionsPageFilters: true },
  { key: 'I', name: 'Invasão', color: '#d64541', icon: 'warning', showInDetectionsPageFilters: false },
  { key: 'X', name: 'Nenhuma', color: '#9aa3ad', icon: 'minus', showInDetectionsPageFilters: false },
];

export function detectionTypeOf(key: string | null | undefined): DetectionType | undefined {
  return DETECTION_TYPES.find((type) => type.key === key);
}

/** Map constants of the business limits. */
export const MAP_LIMITS = {
  maxZoom: 23,
  lotLabelMinZoom: 19,
  blockLabelMinZoom: 16,
  noteZoom: 17,
  fitBoundsMaxZoom: 18,
  pinZoom: 15,
  lotFillOpacity: 0.7,
  lotFillOpacityHover: 0.8,
  rotationMin: -360,
  rotationMax: 360,
  imagesFirstPage: 6,
  imagesPerClick: 6,
  maxSelectedScenes: 2,
  timelinePageSize: 3,
} as const;

/** Observation limits of the validation rules and 9. */
export const OBSERVATION_LIMITS = {
  maxImages: 10,
  maxImageBytes: 50 * 1024 * 1024,
  descriptionMax: 255,
} as const;
