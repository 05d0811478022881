import { environmentApi, environmentReportApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import { registerReportRoutes } from './report/report.routes';
import type { EnvironmentService } from './environment.service';
import type { ReportService } from './report/report.service';

/** The API calls environment analyses: new analysis, categories, manual detections, review, lists. */
export function registerEnvironmentRoutes(
  route: Router,
  environment: EnvironmentService,
  report: ReportService,
): void {
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
    body: Buffer.from(await report.generated(user, params.id, params.detectId)),
    contentType: 'application/pdf',
    cacheControl: 'no-store',
    downloadName: `relatorio-analise-${params.detectId}.pdf`,
  }));
  route(environmentApi.detections, ({ user, params }) => environment.analyses(user, params.id));
  route(environmentApi.inReview, ({ user, params }) => environment.inReview(user, params.id));
  route(environmentReportApi.preview, async ({ user, params }) => {
    const image = await environment.preview(user, params.id, params.detectId, params.featureId, params.side);
    return {
      body: image.stream,
      contentType: 'image/png',
      ...(image.size !== null ? { size: image.size } : {}),
      cacheControl: 'private, max-age=3600',
    };
  });
  registerReportRoutes(route, report);
}
