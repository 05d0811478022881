import compress from '@fastify/compress';
import { randomUUID } from 'node:crypto';
import zlib from 'node:zlib';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_VERSION, systemApi } from '@mirante/shared';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { registerAnalysisRoutes } from './features/analyses/analyses.routes';
import { registerAllotmentAnalysesRoutes } from './features/allotment-analyses/allotment-analyses.routes';
import { registerEnvironmentRoutes } from './features/environment/environment.routes';
import { registerDetectionRoutes } from './features/detections/detections.routes';
import { registerAuthRoutes } from './features/auth/auth.routes';
import {
  registerDetectionsExportRoutes,
  registerDetectionsReportRoutes,
} from './features/detections-report/detections-report.routes';
import { registerInspectionRoutes } from './features/construction/inspections.routes';
import { registerNoteRoutes } from './features/construction/notes.routes';
import { registerGeoExportRoutes } from './features/geo-export/geo-export.routes';
import { registerTimelapseRoutes } from './features/timelapse/timelapse.routes';
import { registerElevationRoutes } from './features/construction/volume/elevation.routes';
import { registerDsmDifferenceRoutes } from './features/construction/difference/dsm-difference.routes';
import { registerFinanceRoutes } from './features/finance/finance.routes';
import { registerIntegrationRoutes } from './features/integration/integration.routes';
import { registerOutboundHostsRoutes } from './features/outbound-hosts/outbound-hosts.routes';
import { registerPortfolioIoRoutes } from './features/finance/portfolio-io.routes';
import { registerLayerRoutes } from './features/layers/layers.routes';
import { registerLayerImportRoutes } from './features/layer-import/layer-import.routes';
import { registerObservationFileRoutes } from './features/layers/observation-files.routes';
import { registerModuleRoutes } from './features/modules/modules.routes';
import { registerNotifyRoutes } from './features/notify/notify.routes';
import { registerOverlayRoutes } from './features/overlays/overlays.routes';
import { registerProjectRoutes } from './features/projects/projects.routes';
import { registerProjectRegistrationRoutes } from './features/projects/project-registration.routes';
import { registerSceneFileRoutes } from './features/scenes/scene-files.routes';
import { registerSceneRoutes } from './features/scenes/scenes.routes';
import { createTileHandler } from './features/scenes/tile-handler';
import { registerSecurityRoutes } from './features/security/security.routes';
import type { Infrastructure, Services } from './services';
import { cachedSessions } from './http/cached-sessions';
import { installErrorHandlers } from './http/error-handler';
import { fastPathServer } from './http/fast-path-server';
import { fastifyTrustProxy } from './http/trust-proxy';
import { createRouter } from './http/route';
import { createSecurityHeaders, installSecurityHeaders } from './http/security-headers';
import { refuseLoneSurrogates } from './http/well-formed-text';
import { abortAwareLogMethod } from './http/aborted-requests';
import { hasWebApp, registerWebApp } from './http/web-static';
import { requestForLog } from './http/log-redaction';
import { registerGisKeyRoutes } from './features/gis-keys';
import { registerSceneAlignmentRoutes } from './features/scene-alignment';
import { registerGisRoutes } from './features/gis/gis.routes';
import { registerAlertRoutes } from './features/alerts';
import { registerShareLinkRoutes } from './features/share-links';
import { registerScheduledReportRoutes } from './features/scheduled-reports';

/**
 * br/gzip for JSON and text over 1 KB (the 5,000-lot layer list: 2.9 MB → 0.2 MB). Images, tiles, xlsx, PDFs
 * and `text/event-stream` are left alone: they are compressed already or must stream unbuffered.
 */
const COMPRESS_OPTIONS = {
  threshold: 1024,
  encodings: ['br', 'gzip'] as ('br' | 'gzip')[],
  // Fast levels: on 2.9 MB of layer JSON br 2 takes ~9 ms for 0.19 MB (br 4: ~16–36 ms for 0.21 MB).
  brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
  zlibOptions: { level: 3 },
  customTypes:
    /^(?:application\/(?:[\w.-]+\+)?json|application\/(?:javascript|xml)|text\/(?!event-stream)|image\/svg\+xml)/,
};

export interface AppOptions {
  /** Log every request (LOG_REQUESTS=1). Errors (5xx) are logged in any case. */
  logRequests?: boolean;
  /** Where log lines go (default: stdout). */
  logStream?: { write(line: string): void };
  serveWeb?: boolean;
}

/**
 * The HTTP application over a process's service graph: API under /api/v1 and tiles under /tiles, every route
 * registered from its contract endpoint by `createRouter`; OpenAPI at /api/docs and the web app at /.
 */
export async function buildApp(
  infra: Infrastructure,
  services: Services,
  options: AppOptions = {},
): Promise<FastifyInstance> {
  const tileSessions = cachedSessions(services.auth.resolveSession);
  // Signed tile URLs name their session by id; resolved the same way, so a logout ends them as fast.
  const signedTileSessions = cachedSessions(services.auth.resolveSessionById);
  services.auth.onSessionsEnded((userId) => {
    tileSessions.forgetUser(userId);
    signedTileSessions.forgetUser(userId);
  });
  const securityHeaders = createSecurityHeaders(infra.config.baseMapOrigins);
  const tiles = createTileHandler(
    services.scenes.tiles,
    tileSessions,
    (error, request) => app.log.error({ ...request, statusCode: 500, err: error }, 'erro não tratado'),
    services.scenes.tileSigner,
    signedTileSessions,
    securityHeaders,
  );
  const app: FastifyInstance = Fastify({
    logger: {
      level: infra.config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      hooks: { logMethod: abortAwareLogMethod },
      serializers: { req: requestForLog },
    },
    logController: new LogController({ disableRequestLogging: !options.logRequests }),
    genReqId: () => randomUUID(),
    // Behind a proxy, TRUST_PROXY says which hops of X-Forwarded-For to believe; the client is the right-most
    // address that is not one of them, so an address the client writes into the header is never his.
    trustProxy: fastifyTrustProxy(infra.config.trustProxy),
    bodyLimit: 5 * 1024 * 1024,
    // With request logging on, tiles take the routed path too, so that every request is logged.
    serverFactory: options.logRequests ? undefined : fastPathServer(tiles.handle),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const serveWeb = options.serveWeb !== false && hasWebApp(infra.config.webDistDir);
  installErrorHandlers(app, { spaFallback: serveWeb });
  installSecurityHeaders(app, securityHeaders);
  refuseLoneSurrogates(app);
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
  });

  await app.register(compress, COMPRESS_OPTIONS);
  await app.register(formbody);
  // Multipart bodies are streamed by their handlers, each with its own limits (`request.parts({ limits })`).
  await app.register(multipart);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Mirante API', version: APP_VERSION, description: 'API do Mirante (base /api/v1)' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          gisKey: {
            type: 'http',
            scheme: 'basic',
            description: 'Chave de acesso GIS como senha (ou ?key= na URL); só nas rotas /gis/',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const route = createRouter(app, services.auth.resolveSession, services.gisKeys.resolve);
  route(systemApi.health, async () => {
    await sql`SELECT 1`.execute(infra.db);
    return { status: 'ok' as const, version: APP_VERSION, database: 'ok' as const };
  });
  route(systemApi.baseMaps, async () => infra.config.baseMaps);
  route(systemApi.installation, async () => ({ demo: infra.config.demo }));
  registerAuthRoutes(route, services.auth, services.credentialThrottle);
  registerProjectRoutes(route, services.projects);
  registerProjectRegistrationRoutes(route, services.projectRegistration);
  registerModuleRoutes(route, services.modules);
  registerNotifyRoutes(route, services.notify);
  registerSceneRoutes(route, services.scenes);
  registerSceneAlignmentRoutes(route, services.sceneAlignment);
  registerSceneFileRoutes(route, services.scenes, {
    maxUploadBytes: infra.config.sceneUploadMaxMb * 1024 * 1024,
    tiles,
    tileSessions,
  });
  registerSecurityRoutes(route, services.security);
  registerLayerRoutes(route, services.layers, services.observations);
  registerObservationFileRoutes(route, services.observations);
  registerLayerImportRoutes(route, services.layerFileImport);
  registerAnalysisRoutes(route, services.analyses);
  registerEnvironmentRoutes(route, services.environment, services.environmentReport);
  registerAllotmentAnalysesRoutes(route, services.allotmentAnalyses);
  registerDetectionRoutes(route, services.detections, services.analyses);
  registerDetectionsReportRoutes(route, services.detectionsReport);
  registerDetectionsExportRoutes(route, services.detectionsReport);
  registerFinanceRoutes(route, services.finance);
  registerInspectionRoutes(route, services.inspections);
  registerNoteRoutes(route, services.notes);
  registerGeoExportRoutes(route, services.geoExport);
  registerTimelapseRoutes(route, services.timelapse);
  registerElevationRoutes(route, services.elevation);
  registerDsmDifferenceRoutes(route, services.dsmDifference);
  registerPortfolioIoRoutes(route, services.portfolioIo);
  registerIntegrationRoutes(route, services.integration);
  registerOutboundHostsRoutes(route, services.outboundHosts);
  registerOverlayRoutes(route, services.overlays);
  registerGisKeyRoutes(route, services.gisKeys);
  registerGisRoutes(route, services.gis);
  registerAlertRoutes(route, services.alerts);
  registerShareLinkRoutes(route, services.shareLinks, services.credentialThrottle);
  registerScheduledReportRoutes(route, services.scheduledReports);

  if (serveWeb) await registerWebApp(app, infra.config.webDistDir);
  else if (options.serveWeb !== false) app.log.warn('Aplicação web não encontrada; rode "npm run build".');
  return app;
}
