import {
  LAYER_IMPORT_LIMITS,
  LAYER_IMPORT_MESSAGES,
  type AreaGeometry,
  type LayerImportFields,
  type LayerImportReport,
} from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { AppError, unprocessable } from '../../http/app-error';
import type { AuthUser } from '../auth';
import { projectsServiceFor, type ProjectsService } from '../projects';
import { parseMapping } from './attribute-mapping';
import { importReport } from './import-report';
import type { LayerImportRepo } from './layer-import.repo';
import { assertLayerFileWithinLimits } from './read/read-layer-file';

export function createLayerFileImportService(repo: LayerImportRepo, projects: ProjectsService, cpu: CpuPool) {
  return {
    /** Checked before a byte of the upload is read: the project exists and the user may see it. */
    async assertCanImport(user: AuthUser, projectId: number): Promise<void> {
      await projects.assertAccess(user, projectId);
    },

    /** Refuses at once, on the API, a file over the limits that need no reading (a DXF too big or detailed). */
    assertWithinLimits(file: Buffer): void {
      assertLayerFileWithinLimits(file);
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
      const dryRun = fields.dryRun ?? false;
      // Reading, reprojecting and checking the file's features, the derived layers and the measured rows run on
      // the CPU pool; the file's bytes are moved there.
      const bytes = new Uint8Array(file);
      const { plan, derived, boundaryGeometry, created, updated } = await cpu.run(
        'planLayerFile',
        {
          bytes,
          options: {
            epsg: fields.epsg,
            mapping,
            defaultType: fields.defaultType ?? 'LOT',
            keepDuplicates: fields.keepDuplicates,
          },
          existing,
          derive: { deriveBlocks: fields.deriveBlocks, deriveStages: fields.deriveStages },
          takesBoundary,
          writes: !dryRun,
        },
        { transfer: [bytes.buffer] },
      );
      const valid = plan.layers.filter((layer) => layer.valid && layer.geometry);
      const summary = {
        boundary: boundaryGeometry !== null,
        blocks: derived.filter((layer) => layer.write.type === 'BLOCK').length,
        stages: derived.filter((layer) => layer.write.type === 'STAGE').length,
      };
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
