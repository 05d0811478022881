import { analysesApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { AnalysesService } from './analyses.service';

/** The administration panel's analysis calls ("Administration"); ADMIN only by contract. */
export function registerAnalysisRoutes(route: Router, analyses: AnalysesService): void {
  route(analysesApi.create, ({ body }) => analyses.create(body));
  route(analysesApi.listAll, () => analyses.listAll());
  route(analysesApi.remove, ({ body }) => analyses.remove(body.ids));
  route(analysesApi.scenesWithoutDetect, ({ query }) => analyses.scenesWithoutDetect(query.month));
  route(analysesApi.analysisAi, ({ body }) => analyses.createForScenes(body.scene_id));
  route(analysesApi.scenesWithAnalysis, ({ query }) => analyses.scenesWithAnalysis(query));
  route(analysesApi.approve, ({ body }) => analyses.approve(body.detect_id));
  route(analysesApi.processAi, ({ body }) => analyses.sendToProcessing(body.detect_id));
}
