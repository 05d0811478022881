import { ALLOTMENT_ANALYSIS_MESSAGES, displayDate, type AllotmentAnalysis } from '@mirante/shared';
import { unprocessable } from '../../http/app-error';
import { seesUnpublished } from '../../policies';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { AllotmentAnalysesRepo } from './allotment-analyses.repo';

/**
 * The allotment analysis page's analyses: each analysed scene with its lots per detection type.
 * Needs the project's allotment.analysis module; only an ADMIN sees the analyses not yet published.
 */
export function createAllotmentAnalysesService(
  repo: AllotmentAnalysesRepo,
  projects: Pick<ProjectsService, 'assertAccess'>,
) {
  return {
    async list(user: AuthUser, projectId: number): Promise<AllotmentAnalysis[]> {
      const project = await projects.assertAccess(user, projectId, 'analysis');
      if (project.projectType !== 'ALLOTMENT') {
        throw unprocessable('NOT_ALLOTMENT', ALLOTMENT_ANALYSIS_MESSAGES.notAllotment);
      }
      const rows = await repo.list(projectId, !seesUnpublished(user));
      const counts = await repo.statusCounts(rows.map((row) => row.id));
      return rows.map((row) => {
        const totals = counts
          .filter((count) => count.detectionId === row.id)
          .map(({ status, count }) => ({ key: status, count }))
          .sort((a, b) => b.count - a.count || a.key.localeCompare(b.key));
        return {
          detectId: row.id,
          sceneId: row.sceneId,
          isoDate: row.date,
          dateFormatted: displayDate(row.date),
          approvalStatus: row.approved,
          analysisApprovalStatus: row.approved ? 'Aprovado' : 'Pendente',
          processingState: row.processingState,
          progress: row.processingProgress,
          lotsAnalysed: totals.reduce((sum, total) => sum + total.count, 0),
          totals,
        };
      });
    },
  };
}

export type AllotmentAnalysesService = ReturnType<typeof createAllotmentAnalysesService>;
