import {
  DETECTION_TYPES,
  GIS_COLLECTIONS,
  LAYER_TYPE_LABELS,
  NOTE_TYPE_LABELS,
  type GisCollectionId,
  type LayerType,
  type NoteType,
  type ProjectType,
} from '@mirante/shared';
import type { GisRepo } from '../gis.repo';

/** One feature as the OGC API serves it, with the date its `datetime` filter reads (null: none). */
export interface GisFeature {
  id: number;
  geometry: unknown;
  properties: Record<string, string | number | null>;
  date: string | null;
}

/** A property's JSON Schema type (dates are strings of format `date`). */
export type FieldType = 'string' | 'number' | 'integer' | 'date';

export interface CollectionDefinition {
  id: GisCollectionId;
  title: string;
  /** Every property of its features, in order, with its type (the collection's JSON Schema). */
  fields: Record<string, FieldType>;
  /** The project types that have it. */
  projectTypes: readonly ProjectType[];
  /** The module family (resolved by project type) its reader needs besides the map. */
  family: 'map' | 'notes' | 'analysis';
  /** What `datetime` filters on (null: the collection has no time, `datetime` is ignored). */
  temporal: string | null;
  read(repo: GisRepo, projectId: number): Promise<GisFeature[]>;
}

const round = (value: number | null, places = 2) =>
  value === null ? null : Math.round(value * 10 ** places) / 10 ** places;

const SOURCE_LABELS: Record<string, string> = {
  ai: 'IA',
  manual: 'manual',
  import: 'importação',
  'demo-ground-truth': 'demonstração',
};

const ENVIRONMENT_LABELS: Record<string, string> = {
  REFO: LAYER_TYPE_LABELS.REFO,
  DEFO: LAYER_TYPE_LABELS.DEFO,
  GAMBIRA: LAYER_TYPE_LABELS.GAMBIRA,
};

const geometryOf = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

const BLOCK_STAGE_LOT = ['LOT', 'BLOCK', 'STAGE'] as const;

/** Every collection a project may have, in the order `/collections` lists them. */
export const COLLECTIONS: readonly CollectionDefinition[] = [
  {
    id: 'lotes',
    title: GIS_COLLECTIONS.lotes,
    fields: {
      lote: 'string',
      quadra: 'string',
      etapa: 'string',
      codigo: 'string',
      situacao: 'string',
      situacao_nome: 'string',
      data: 'date',
      confianca: 'number',
      origem: 'string',
      area_m2: 'number',
      perimetro_m: 'number',
    },
    projectTypes: ['ALLOTMENT'],
    family: 'map',
    temporal: 'data',
    async read(repo, projectId) {
      return (await repo.lots(projectId)).map((row) => ({
        id: row.id,
        geometry: geometryOf(row.geoJson),
        date: row.statusDate,
        properties: {
          lote: row.name,
          quadra: row.block,
          etapa: row.stage,
          codigo: row.customerCode,
          situacao: row.status,
          situacao_nome: DETECTION_TYPES.find((type) => type.key === row.status)?.name ?? null,
          data: row.statusDate,
          confianca: round(row.precision, 4),
          origem: row.statusSource ? (SOURCE_LABELS[row.statusSource] ?? row.statusSource) : null,
          area_m2: round(row.areaM2),
          perimetro_m: round(row.perimeterM),
        },
      }));
    },
  },
  {
    id: 'quadras',
    title: GIS_COLLECTIONS.quadras,
    fields: { quadra: 'string', etapa: 'string', area_m2: 'number', perimetro_m: 'number' },
    projectTypes: ['ALLOTMENT'],
    family: 'map',
    temporal: null,
    async read(repo, projectId) {
      return (await repo.layers(projectId, ['BLOCK'])).map((row) => ({
        id: row.id,
        geometry: geometryOf(row.geoJson),
        date: null,
        properties: {
          quadra: row.name,
          etapa: row.stage,
          area_m2: round(row.areaM2),
          perimetro_m: round(row.perimeterM),
        },
      }));
    },
  },
  {
    id: 'etapas',
    title: GIS_COLLECTIONS.etapas,
    fields: { etapa: 'string', area_m2: 'number', perimetro_m: 'number' },
    projectTypes: ['ALLOTMENT'],
    family: 'map',
    temporal: null,
    async read(repo, projectId) {
      return (await repo.layers(projectId, ['STAGE'])).map((row) => ({
        id: row.id,
        geometry: geometryOf(row.geoJson),
        date: null,
        properties: { etapa: row.name, area_m2: round(row.areaM2), perimetro_m: round(row.perimeterM) },
      }));
    },
  },
  {
    id: 'outras_camadas',
    title: GIS_COLLECTIONS.outras_camadas,
    fields: {
      nome: 'string',
      tipo: 'string',
      categoria: 'string',
      observacao: 'string',
      area_m2: 'number',
      perimetro_m: 'number',
    },
    projectTypes: ['ALLOTMENT', 'CONSTRUCTION', 'ENVIRONMENT'],
    family: 'map',
    temporal: null,
    async read(repo, projectId) {
      return (await repo.layers(projectId, BLOCK_STAGE_LOT, true)).map((row) => ({
        id: row.id,
        geometry: geometryOf(row.geoJson),
        date: null,
        properties: {
          nome: row.name,
          tipo: LAYER_TYPE_LABELS[row.type as LayerType] ?? row.type,
          categoria: row.categoryName,
          observacao: row.obs,
          area_m2: round(row.areaM2),
          perimetro_m: round(row.perimeterM),
        },
      }));
    },
  },
  {
    id: 'anotacoes_obra',
    title: GIS_COLLECTIONS.anotacoes_obra,
    fields: {
      nome: 'string',
      data: 'date',
      descricao: 'string',
      tipo: 'string',
      categoria: 'string',
      medida: 'number',
      volume_m3: 'number',
    },
    projectTypes: ['CONSTRUCTION'],
    family: 'notes',
    temporal: 'data',
    async read(repo, projectId) {
      return (await repo.notes(projectId)).map((row) => ({
        id: row.id,
        geometry: geometryOf(row.geometry),
        date: row.date,
        properties: {
          nome: row.name,
          data: row.date,
          descricao: row.description,
          tipo: NOTE_TYPE_LABELS[row.noteType as NoteType] ?? row.noteType,
          categoria: row.categoryName,
          medida: round(row.area),
          volume_m3: round(row.volume),
        },
      }));
    },
  },
  {
    id: 'poligonos_ambientais',
    title: GIS_COLLECTIONS.poligonos_ambientais,
    fields: {
      categoria: 'string',
      categoria_nome: 'string',
      descricao: 'string',
      area_m2: 'number',
      confianca: 'number',
      origem: 'string',
      data_antes: 'date',
      data_depois: 'date',
    },
    projectTypes: ['ENVIRONMENT'],
    family: 'analysis',
    temporal: 'data_depois',
    async read(repo, projectId) {
      return (await repo.environmentFeatures(projectId)).map((row) => ({
        id: row.id,
        geometry: geometryOf(row.geoJson),
        date: row.afterDate,
        properties: {
          categoria: row.category,
          categoria_nome: ENVIRONMENT_LABELS[row.category] ?? row.category,
          descricao: row.description,
          area_m2: round(row.areaM2),
          confianca: round(row.confidence, 4),
          origem: SOURCE_LABELS[row.source] ?? row.source,
          data_antes: row.beforeDate,
          data_depois: row.afterDate,
        },
      }));
    },
  },
];
