import { detectionsReportApi, type DetectionsHistory } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { DetectionsReportService } from './detections-report.service';

/**
 * POST project/:id/detections-history (JSON contract). The answer (5,000 lots × 2 keys per date) is written by
 * plain JSON.stringify instead of the zod response serialiser, which would re-validate and copy every dynamic
 * `date_{n}`/`status_name_date_{n}` key (the bulk of the response time). The shape stays the documented
 * `detectionsHistorySchema`: the service's return type is checked at compile time and the API test parses
 * the answers with that schema.
 */
export function registerDetectionsReportRoutes(route: Router, report: DetectionsReportService): void {
  route(detectionsReportApi.history, async ({ user, params, body, reply }) => {
    const history = await report.history(user, params.id, body);
    reply.type('application/json; charset=utf-8').serializer(serializeHistory);
    return history;
  });
}

const serializeHistory = (history: DetectionsHistory): string => JSON.stringify(history);

/** GET project/:id/allotments/export(-fusion): CSV or .xlsx download (session by header or api_token). */
export function registerDetectionsExportRoutes(route: Router, report: DetectionsReportService): void {
  for (const endpoint of [detectionsReportApi.export, detectionsReportApi.exportFusion]) {
    route(endpoint, async ({ user, params, query }) => {
      const file = await report.exportFile(user, params.id, query);
      return {
        body: file.body,
        contentType: file.contentType,
        cacheControl: 'no-store',
        downloadName: file.filename,
      };
    });
  }
}
