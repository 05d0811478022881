import {
  API_BASE_PATH,
  DETECTIONS_EXPORT_PATHS,
  detectionsExportSchema,
  detectionsReportApi,
  id,
  type DetectionsHistory,
  DOWNLOAD_ACCESS,
} from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { badRequest, notFound } from '../../http/app-error';
import { authorize, type SessionResolver } from '../../http/authorize';
import type { Router } from '../../http/route';
import type { DetectionsReportService } from './detections-report.service';

const idRule = id();
/** A path id by the contract's rule (positive int32); anything else names nothing: 404. */
const projectId = (text: string): number => {
  const parsed = idRule.safeParse(text);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

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
export function registerDetectionsExportRoutes(
  app: FastifyInstance,
  report: DetectionsReportService,
  resolveSession: SessionResolver,
): void {
  for (const path of DETECTIONS_EXPORT_PATHS) {
    app.get<{ Params: { id: string } }>(`${API_BASE_PATH}${path}`, async (request, reply) => {
      const user = (await authorize(DOWNLOAD_ACCESS, request, resolveSession))!;
      const parsed = detectionsExportSchema.safeParse(request.query);
      if (!parsed.success) {
        throw badRequest('VALIDATION_ERROR', parsed.error.issues[0]?.message ?? 'Parâmetros inválidos.');
      }
      const file = await report.exportFile(user, projectId(request.params.id), parsed.data);
      return reply
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'no-store')
        .type(file.contentType)
        .send(file.body);
    });
  }
}
