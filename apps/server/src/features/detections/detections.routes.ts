import { detectionsApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { AnalysesService } from '../analyses';
import type { DetectionsService } from './detections.service';

/** The API calls "Detections": publishing an analysis and the map's manual detection edits. */
export function registerDetectionRoutes(
  route: Router,
  detections: DetectionsService,
  analyses: AnalysesService,
): void {
  route(detectionsApi.setApproval, ({ params, body }) =>
    analyses.setApproval(params.id, body.approval_status, body.use_scene_id ?? false),
  );
  route(detectionsApi.editLots, ({ user, params, body }) =>
    detections.editLots(user, params.detectId, {
      detectType: body.detectType,
      layerIds: [...(body['layers[]'] ?? []), ...(body.layers ?? [])],
      sceneId: body.sceneId,
      projectId: body.projectId,
    }),
  );
  route(detectionsApi.lotsOfAnalysis, ({ user, params }) =>
    detections.lotsOfAnalysis(user, params.id, params.detectId),
  );
}
