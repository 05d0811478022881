import { measureGeometry, validateLayerGeometry } from './layer-geometry';
import type { LayersRepo, NewStatus } from './layers.repo';

/** A layer to import (demo loader, future ERP/shape imports): geometry is validated and measured here. */
export interface LayerImport {
  type: string;
  name: string;
  block?: string | null;
  stage?: string | null;
  customerCode?: string | null;
  tagValue?: string | null;
  sourceKey?: string | null;
  startVisible?: boolean;
  /** Analysis-type layers (REFO/DEFO/GAMBIRA): category, description and the compared scenes' dates. */
  categoryName?: string | null;
  categoryColor?: string | null;
  rect?: string | null;
  detectBeforeDate?: string | null;
  detectAfterDate?: string | null;
  geometry: unknown;
}

/** Writing layers and lot statuses in bulk (no user involved: loaders, imports, the AI). */
export function createLayerImportService(repo: LayersRepo) {
  return {
    /** Validates, measures and stores layers of a project; returns ids by source key. */
    async importLayers(projectId: number, layers: LayerImport[]): Promise<Map<string, number>> {
      return repo.insertMany(
        layers.map((layer) => {
          const geometry = validateLayerGeometry(layer.geometry);
          const measures = measureGeometry(geometry);
          return {
            projectId,
            type: layer.type.toUpperCase(),
            name: layer.name,
            block: layer.block ?? null,
            stage: layer.stage ?? null,
            customerCode: layer.customerCode ?? null,
            tagValue: layer.tagValue ?? null,
            sourceKey: layer.sourceKey ?? null,
            geoJson: JSON.stringify(geometry),
            areaM2: measures.areaM2,
            perimeterM: measures.perimeterM,
            bbox: measures.bbox,
            startVisible: layer.startVisible ?? true,
            categoryName: layer.categoryName ?? null,
            categoryColor: layer.categoryColor ?? null,
            rect: layer.rect ?? null,
            detectBeforeDate: layer.detectBeforeDate ?? null,
            detectAfterDate: layer.detectAfterDate ?? null,
          };
        }),
      );
    },

    async hasLayers(projectId: number): Promise<boolean> {
      return (await repo.countForProject(projectId)) > 0;
    },

    /** The source keys a project's layers already have (loaders add only what is missing). */
    async sourceKeys(projectId: number): Promise<Set<string>> {
      return repo.sourceKeys(projectId);
    },

    /** Writes lot statuses (the AI, manual edits, or the demo ground truth). */
    async recordStatuses(statuses: NewStatus[]): Promise<void> {
      await repo.insertStatuses(statuses);
    },
  };
}

export type LayerImportService = ReturnType<typeof createLayerImportService>;
