import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import {
  buildPath,
  displayDate,
  endpointUrl,
  ENVIRONMENT_MESSAGES,
  environmentApi,
  environmentReportApi,
  REPORT_MESSAGES,
  type OldDetection,
} from '@mirante/shared';
import { forbidden, notFound, unprocessable } from '../../../http/app-error';
import { assertMayProduceAnalyses, seesItem, seesUnpublished } from '../../../policies';
import type { ReceivedPdf } from '../../../http/receive-pdf';
import type { CpuPool } from '../../../cpu/cpu-pool';
import { sceneOnDisk, type SceneOnDisk } from '../../../imagery/scene-on-disk';
import { withLocalFile } from '../../../storage/local-file';
import type { Storage } from '../../../storage/storage';
import type { AuthUser } from '../../auth';
import type { ProjectsService } from '../../projects';
import type { MultiPolygon, Polygon } from 'geojson';
import { toAnalysis, toFeature } from '../environment-view';
import type { EnvironmentRepo, SceneFacts } from '../environment.repo';
import type { ReportFileRow, ReportFilesRepo } from '../report-files.repo';

/**
 * Runs `work` with a scene's original on local disk, or with null when there is no scene or its original cannot
 * be fetched (the report then says the scene could not be read).
 */
async function withLocalScene<T>(
  storage: Storage,
  scene: SceneFacts | null,
  work: (scene: SceneOnDisk | null) => Promise<T>,
): Promise<T> {
  if (!scene) return work(null);
  let fetched = false;
  try {
    return await withLocalFile(storage, scene.originalKey, (file) => {
      fetched = true;
      return work(sceneOnDisk(file, scene.sourceKind, scene.sourceBounds));
    });
  } catch (error) {
    if (fetched) throw error;
    return work(null);
  }
}

type AnalysisRow = NonNullable<Awaited<ReturnType<EnvironmentRepo['findAnalysis']>>>;

const today = () => displayDate(new Date().toISOString().slice(0, 10));

/**
 * The 'Relatório de Análise' page: the project's analyses with their report's URL
 * (`detections-old`), the generated report PDF, and the PDF an ADMIN may upload in its place. Everything needs
 * the environment.report module and a project with its report enabled; unpublished analyses are ADMIN-only.
 */
export function createReportService(
  repo: EnvironmentRepo,
  files: ReportFilesRepo,
  deps: { projects: ProjectsService; storage: Storage; cpu: CpuPool },
) {
  async function reportProject(user: AuthUser, projectId: number) {
    const project = await deps.projects.assertAccess(user, projectId, 'report');
    if (project.projectType !== 'ENVIRONMENT') {
      throw unprocessable('NOT_ENVIRONMENT', ENVIRONMENT_MESSAGES.notEnvironment);
    }
    if (!project.hasReport) throw forbidden(REPORT_MESSAGES.notEnabled, 'REPORT_NOT_ENABLED');
    return project;
  }

  async function reportAnalysis(user: AuthUser, projectId: number, detectId: number) {
    const project = await reportProject(user, projectId);
    const analysis = await repo.findAnalysis(detectId);
    if (!analysis || analysis.projectId !== projectId || !seesItem(user, { published: analysis.approved })) {
      throw notFound(ENVIRONMENT_MESSAGES.analysisNotFound, 'ANALYSIS_NOT_FOUND');
    }
    return { project, analysis };
  }

  function toOldDetection(analysis: AnalysisRow, uploaded: ReportFileRow | undefined): OldDetection {
    const view = toAnalysis(analysis);
    const params = { id: analysis.projectId, detectId: analysis.id };
    const generated = analysis.processingState === 'done';
    const url = uploaded
      ? buildPath(endpointUrl(environmentReportApi.reportFile), params)
      : generated
        ? buildPath(endpointUrl(environmentApi.report), params)
        : null;
    return {
      detectId: analysis.id,
      urlReport: url,
      beforeScene: { isoDate: analysis.beforeDate },
      afterScene: { isoDate: analysis.afterDate },
      beforeDate: view.beforeDate,
      afterDate: view.afterDate,
      featuresAmount: view.featuresAmount,
      analysisApprovalStatus: view.analysisApprovalStatus,
      uploaded: uploaded
        ? {
            name: uploaded.fileName,
            size: uploaded.sizeBytes,
            uploadedAt: displayDate(uploaded.uploadedAt.toISOString().slice(0, 10)),
            uploadedBy: uploaded.uploaderName,
          }
        : null,
    };
  }

  return {
    /** `GET project/{id}/detections-old` (the entities and their fields "Old detection": urlReport and the scenes' dates). */
    async detectionsOld(user: AuthUser, projectId: number): Promise<OldDetection[]> {
      await reportProject(user, projectId);
      const analyses = await repo.listAnalyses(projectId, !seesUnpublished(user));
      const uploaded = new Map((await files.ofProject(projectId)).map((row) => [row.detectionId, row]));
      return analyses.map((analysis) => toOldDetection(analysis, uploaded.get(analysis.id)));
    },

    /** The generated PDF: approved detections drawn on both scenes and a map, their table and totals. */
    async generated(user: AuthUser, projectId: number, detectId: number): Promise<Uint8Array> {
      const { project, analysis } = await reportAnalysis(user, projectId, detectId);
      const features = (await repo.features(detectId, true)).map(toFeature);
      const area = project.delimiter as Polygon | MultiPolygon;
      const before = await repo.scene(analysis.beforeId);
      const after = await repo.scene(analysis.afterId);
      // Reading the scenes, drawing and writing the PDF run on the CPU pool.
      return withLocalScene(deps.storage, before && after ? before : null, (beforeScene) =>
        withLocalScene(deps.storage, before && after ? after : null, (afterScene) =>
          deps.cpu.run('environmentReportPdf', {
            projectName: project.name,
            analysis: toAnalysis(analysis),
            features,
            area,
            scenes: { before: beforeScene, after: afterScene },
            generatedOn: today(),
          }),
        ),
      );
    },

    async uploadedFile(
      user: AuthUser,
      projectId: number,
      detectId: number,
    ): Promise<{ stream: Readable; size: number; name: string }> {
      await reportAnalysis(user, projectId, detectId);
      const row = await files.find(detectId);
      if (!row) throw notFound(REPORT_MESSAGES.notFound, 'REPORT_NOT_FOUND');
      return {
        stream: await deps.storage.getStream(row.storageKey),
        size: row.sizeBytes,
        name: row.fileName,
      };
    },

    /** Checks who may upload before a byte of the file is read. */
    async assertCanUpload(user: AuthUser, projectId: number, detectId: number): Promise<void> {
      await reportAnalysis(user, projectId, detectId);
      assertMayProduceAnalyses(user);
    },

    async upload(
      user: AuthUser,
      projectId: number,
      detectId: number,
      upload: ReceivedPdf & { size: number },
    ): Promise<OldDetection> {
      const { analysis } = await reportAnalysis(user, projectId, detectId);
      assertMayProduceAnalyses(user);
      const key = `environment/analyses/${detectId}/report-${randomUUID()}.pdf`;
      await deps.storage.putFile(key, upload.pdfPath);
      const replaced = await files.put({
        detectionId: detectId,
        storageKey: key,
        fileName: upload.originalName || 'relatorio.pdf',
        sizeBytes: upload.size,
        uploadedBy: user.id,
      });
      if (replaced) await deps.storage.delete(replaced);
      return toOldDetection(analysis, await files.find(detectId));
    },

    async remove(user: AuthUser, projectId: number, detectId: number): Promise<OldDetection> {
      const { analysis } = await reportAnalysis(user, projectId, detectId);
      assertMayProduceAnalyses(user);
      const removed = await files.remove(detectId);
      if (!removed) throw notFound(REPORT_MESSAGES.notFound, 'REPORT_NOT_FOUND');
      await deps.storage.delete(removed);
      return toOldDetection(analysis, undefined);
    },
  };
}

export type ReportService = ReturnType<typeof createReportService>;
