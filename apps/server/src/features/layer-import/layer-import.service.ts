import {
  LAYER_IMPORT_LIMITS,
  LAYER_IMPORT_MESSAGES,
  type AreaGeometry,
  type LayerGeometry,
  type LayerImportFields,
  type LayerImportReport,
} from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { AppError, unprocessable } from '../../http/app-error';
import type { AuthUser } from '../auth';
import { measureGeometry } from '../layers';
import { projectsServiceFor, type ProjectsService } from '../projects';
import { parseMapping } from './attribute-mapping';
import { DERIVED_CLOSING, groupBy, outlineOf, unionInMetres } from './derive-layers';
import type { PlannedLayer } from './import-plan';
import { importReport } from './import-report';
import type { LayerImportRepo, LayerWrite } from './layer-import.repo';

interface DerivedLayer {
  write: LayerWrite & { sourceKey: string };
}

function toWrite(
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
function derivedLayers(lots: PlannedLayer[], fields: LayerImportFields): DerivedLayer[] {
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

export function createLayerFileImportService(repo: LayerImportRepo, projects: ProjectsService, cpu: CpuPool) {
  return {
    /** Checked before a byte of the upload is read: the project exists and the user may see it. */
    async assertCanImport(user: AuthUser, projectId: number): Promise<void> {
      await projects.assertAccess(user, projectId);
    },

    /**
     * Reads the file, plans the import and answers the report; unless `dryRun`, writes it in one transaction —
     * refused whole (422 with every problem) when a feature is invalid, unless `skipInvalid`.
     */
    async importFile(
      user: AuthUser,
      projectId: number,
      file: Buffer,
      fields: LayerImportFields,
    ): Promise<LayerImportReport> {
      const project = await projects.assertAccess(user, projectId);
      // A project registered without a boundary, or whose boundary an import derived, takes the lots' outline.
      const takesBoundary = project.delimiter === null || project.delimiterDerived;
      const mapping = parseMapping(fields.mapping);
      const existing = await repo.existingLayers(projectId);
      // Reading, reprojecting and checking the file's features run on the CPU pool; its bytes are moved there.
      const bytes = new Uint8Array(file);
      const plan = await cpu.run(
        'planLayerFile',
        {
          bytes,
          options: { epsg: fields.epsg, mapping, defaultType: fields.defaultType ?? 'LOT' },
          existing,
        },
        { transfer: [bytes.buffer] },
      );
      const valid = plan.layers.filter((layer) => layer.valid && layer.geometry);
      const lots = valid.filter((layer) => layer.type === 'LOT');
      const derived = derivedLayers(lots, fields);
      const boundaryGeometry = takesBoundary
        ? outlineOf((lots.length > 0 ? lots : valid).map((layer) => layer.geometry!))
        : null;
      const summary = {
        boundary: boundaryGeometry !== null,
        blocks: derived.filter((layer) => layer.write.type === 'BLOCK').length,
        stages: derived.filter((layer) => layer.write.type === 'STAGE').length,
      };
      const dryRun = fields.dryRun ?? false;
      if (dryRun) return importReport(plan, { dryRun, imported: false, derived: summary });

      const errors = plan.problems.filter((problem) => problem.severity === 'error');
      if (errors.length > 0 && !fields.skipInvalid) {
        throw new AppError(
          422,
          'IMPORT_INVALID',
          `${LAYER_IMPORT_MESSAGES.notImported} (${errors.length} problema(s))`,
          errors.slice(0, LAYER_IMPORT_LIMITS.maxProblemsListed),
        );
      }
      if (valid.length === 0) throw unprocessable('NO_FEATURES', LAYER_IMPORT_MESSAGES.nothingToImport);
      const created = valid
        .filter((layer) => layer.matchedLayerId === null)
        .map((layer) => toWrite(layer, layer.geometry!));
      const updated = valid
        .filter((layer) => layer.matchedLayerId !== null)
        .map((layer) => ({ ...toWrite(layer, layer.geometry!), id: layer.matchedLayerId! }));
      const adopted = await repo.transaction(async (trxRepo, trx) => {
        await trxRepo.insertLayers(projectId, created);
        await trxRepo.updateLayers(projectId, updated);
        await trxRepo.upsertDerived(
          projectId,
          derived.map((layer) => layer.write),
        );
        if (!boundaryGeometry) return false;
        try {
          return await projectsServiceFor(trx).adoptDerivedBoundary(
            projectId,
            boundaryGeometry as AreaGeometry,
          );
        } catch (error) {
          // An outline the projects feature refuses (checked before it writes) leaves the project as it was.
          if (error instanceof AppError && error.statusCode === 422) return false;
          throw error;
        }
      });
      return importReport(plan, { dryRun, imported: true, derived: { ...summary, boundary: adopted } });
    },
  };
}

export type LayerFileImportService = ReturnType<typeof createLayerFileImportService>;
