import type { EndpointDefinition } from '@mirante/shared';
import { inputJsonSchema, objectProperties, typesOf } from '../fuzz/json-schema';
import type { IdKind } from './tenant-rows';

export type IdPlace = 'params' | 'query' | 'body';

/** One input of an endpoint that names a row: where it travels, its name, the row kind, a list or one id. */
export interface IdField {
  place: IdPlace;
  name: string;
  kind: IdKind;
  list: boolean;
}

/** Field names that always name the same kind of row, wherever they appear. */
const KIND_BY_NAME: Record<string, IdKind> = {
  customerId: 'customer',
  customer: 'customer',
  customer_id: 'customer',
  projectId: 'project',
  project: 'project',
  projects: 'project',
  sceneId: 'scene',
  scene_id: 'scene',
  overlay_id: 'overlay',
  layerId: 'layer',
  layer_id: 'layer',
  lot_id: 'layer',
  layers: 'layer',
  'layers[]': 'layer',
  obsId: 'observation',
  photoId: 'photo',
  detectId: 'detection',
  detect_id: 'detection',
  group: 'group',
  user_id: 'user',
  space: 'space',
  project_id: 'project',
  inspection_id: 'inspection',
  inspectionId: 'inspection',
  compare_inspection_id: 'inspection',
  note_id: 'note',
  noteId: 'note',
  categoryId: 'noteCategory',
  before_scene_id: 'scene',
  after_scene_id: 'scene',
  feature_id: 'environmentFeature',
  featureId: 'environmentFeature',
  scheduleId: 'reportSchedule',
  user_ids: 'user',
};

/** `id` / `ids` name the row of the path's first segment. */
const KIND_BY_RESOURCE: Record<string, IdKind> = {
  project: 'project',
  layer: 'layer',
  information: 'layer',
  group: 'group',
  user: 'user',
  scene: 'scene',
  scenes: 'scene',
  detection: 'detection',
  detections: 'detection',
  'access-tokens': 'accessToken',
  'gis-keys': 'gisKey',
  alerts: 'alertEvent',
  'share-links': 'shareLink',
  'timelapse-exports': 'timelapseExport',
};

/** Names that look like ids but are not. */
const NOT_IDS: Record<string, string> = {
  use_scene_id: 'sim/não: usar a imagem da análise',
  category_id: 'a categoria ambiental (0 REFO, 1 DEFO, 2 outra: constante da especificação), não uma linha',
  mega_tenant_id: 'o identificador do inquilino no Mega (texto do ERP), não uma linha nossa',
};

/** Path parameters that name no row (the tile's date and coordinates), with the value the test sends. */
export const PATH_VALUES: Record<string, string> = {
  date: '2025-03-01',
  z: '17',
  x: '47000',
  y: '74000',
  file: '74000.png',
  side: 'before',
  collection: 'lotes',
  item: '1',
  token: 'link-de-compartilhamento-inexistente',
};

const looksLikeId = (name: string) =>
  name in KIND_BY_NAME || /^(id|ids)$|Ids?$|_ids?$/.test(name) || name in NOT_IDS;

/** The id-taking inputs of an endpoint, or the names the test cannot place (the test fails on those). */
export function idFields(endpoint: EndpointDefinition): { fields: IdField[]; unknown: string[] } {
  const fields: IdField[] = [];
  const unknown: string[] = [];
  const resource = endpoint.path.split('/')[1] ?? '';
  for (const place of ['params', 'query', 'body'] as const) {
    const schema = endpoint[place];
    if (!schema) continue;
    for (const [name, property] of Object.entries(objectProperties(inputJsonSchema(schema)))) {
      if (place !== 'params' && !looksLikeId(name)) continue;
      if (name in NOT_IDS || (place === 'params' && name in PATH_VALUES)) continue;
      const kind = KIND_BY_NAME[name] ?? (/^ids?$/.test(name) ? KIND_BY_RESOURCE[resource] : undefined);
      if (!kind) {
        unknown.push(`${place}.${name}`);
        continue;
      }
      const list = typesOf(property).includes('array');
      fields.push({ place, name, kind, list });
    }
  }
  return { fields, unknown };
}
