import type { LayerGeometry, LayerImportFields } from '@mirante/shared';
import { measureGeometry } from '../layers';
import { DERIVED_CLOSING, groupBy, unionInMetres } from './derive-layers';
import type { PlannedLayer } from './import-plan';
import type { LayerWrite } from './layer-import.repo';

export interface DerivedLayer {
  write: LayerWrite & { sourceKey: string };
}

export function toWrite(
  layer: Pick<PlannedLayer, 'type' | 'name' | 'block' | 'stage' | 'customerCode' | 'tagValue'>,
  geometry: LayerGeometry,
): LayerWrite {
  const measures = measureGeometry(geometry);
  return {
    type: layer.type,
    name: layer.name,
    block: layer.block,
    stage: layer.stage,
    customerCode: layer.customerCode,
    tagValue: layer.tagValue,
    geoJson: JSON.stringify(geometry),
    areaM2: measures.areaM2,
    perimeterM: measures.perimeterM,
    bbox: measures.bbox,
  };
}

/** BLOCK layers (one per quadra) and STAGE layers (one per etapa) as unions of the file's valid lots. */
export function derivedLayers(lots: PlannedLayer[], fields: LayerImportFields): DerivedLayer[] {
  const derived: DerivedLayer[] = [];
  const add = (kind: 'block' | 'stage', groups: Map<string, PlannedLayer[]>) => {
    for (const [name, members] of groups) {
      const geometry = unionInMetres(
        members.map((lot) => lot.geometry!),
        DERIVED_CLOSING[kind],
      );
      if (!geometry) continue;
      const attributes = {
        type: kind === 'block' ? 'BLOCK' : 'STAGE',
        name,
        block: kind === 'block' ? name : null,
        stage: kind === 'stage' ? name : (members[0]?.stage ?? null),
        customerCode: null,
        tagValue: null,
      } as const;
      derived.push({
        write: { ...toWrite(attributes, geometry), sourceKey: `import:${kind}:${name.toUpperCase()}` },
      });
    }
  };
  if (fields.deriveBlocks)
    add(
      'block',
      groupBy(lots, (lot) => lot.block),
    );
  if (fields.deriveStages)
    add(
      'stage',
      groupBy(lots, (lot) => lot.stage),
    );
  return derived;
}
