import {
  LAYER_IMPORT_LIMITS,
  LAYER_IMPORT_MESSAGES,
  type AreaGeometry,
  type LayerImportFields,
  type LayerImportReport,
} from '@mirante/shared';
import { AppError, unprocessable } from '../../http/app-error';
import type { AuthUser } from '../auth';
import { projectsServiceFor, type ProjectsService } from '../projects';
import type { LayerImportRepo } from './layer-import.repo';
import { prepareImportOffLoop, warmPreparingThread } from './prepare-off-loop';
import { assertLayerFileWithinLimits } from './read/read-layer-file';

export function createLayerFileImportService(repo: LayerImportRepo, projects: ProjectsService) {
  return {
    /** Checked before a byte of the upload is read: the project exists and the user may see it. */
    async assertCanImport(user: AuthUser, projectId: number): Promise<void> {
      await projects.assertAccess(user, projectId);
    },

    /** For a process that will run imports: the thread that prepares them is started now, not on the first. */
    warmUp(): void {
      warmPreparingThread();
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
      const existing = await repo.existingLayers(projectId);
      // Reading, planning, unions and measures on a thread of their own: the HTTP loop never waits for them.
      const prepared = await prepareImportOffLoop(file, { fields, existing, takesBoundary });
      if (fields.dryRun) return prepared.report;

      const { errors, created, updated, derived, boundaryGeometry } = prepared;
      if (errors.length > 0 && !fields.skipInvalid) {
        throw new AppError(
          422,
          'IMPORT_INVALID',
          `${LAYER_IMPORT_MESSAGES.notImported} (${errors.length} problema(s))`,
          errors.slice(0, LAYER_IMPORT_LIMITS.maxProblemsListed),
        );
      }
      if (created.length + updated.length === 0)
        throw unprocessable('NO_FEATURES', LAYER_IMPORT_MESSAGES.nothingToImport);
      const adopted = await repo.transaction(async (trxRepo, trx) => {
        await trxRepo.insertLayers(projectId, created);
        await trxRepo.updateLayers(projectId, updated);
        await trxRepo.upsertDerived(projectId, derived);
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
      const report = prepared.report;
      return { ...report, imported: true, derived: { ...report.derived, boundary: adopted } };
    },
  };
}

export type LayerFileImportService = ReturnType<typeof createLayerFileImportService>;
