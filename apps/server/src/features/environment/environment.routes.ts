import { environmentApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { EnvironmentService } from './environment.service';

/** Spec 7 environment analyses: new analysis, categories, manual detections, review, lists. */
export function registerEnvironmentRoutes(route: Router, environment: EnvironmentService): void {
  route(environmentApi.detect, ({ user, params, body }) =>
    environment.detect(user, params.id, {
      beforeSceneId: body.before_scene_id,
      afterSceneId: body.after_scene_id,
      minAreaM2: body.min_area,
    }),
  );
  route(environmentApi.categories, () => environment.categories());
  route(environmentApi.saveFeature, ({ user, params, body }) =>
    environment.saveFeature(user, params.id, params.detectId, body),
  );
  route(environmentApi.reviewFeature, ({ user, params, body }) =>
    environment.review(user, params.id, params.detectId, params.featureId, body),
  );
  route(environmentApi.features, ({ user, params }) =>
    environment.features(user, params.id, params.detectId),
  );
  route(environmentApi.report, async ({ user, params }) => ({
    body: Buffer.from(await environment.report(user, params.id, params.detectId)),
    contentType: 'application/pdf',
    cacheControl: 'no-store',
    downloadName: `relatorio-analise-${params.detectId}.pdf`,
  }));
  route(environmentApi.detections, ({ user, params }) => environment.analyses(user, params.id));
}
