import path from 'node:path';
import { requireIntegrationKey, type AppConfig } from './config';
import type { Db } from './db/database';
import { inTaskTransaction } from './jobs/task-liveness';
import { createAnalysesRepo } from './features/analyses/analyses.repo';
import { createAnalysesService } from './features/analyses/analyses.service';
import { createAuthRepo } from './features/auth/auth.repo';
import { createAuthService } from './features/auth/auth.service';
import { createCredentialThrottle } from './features/auth/credential-throttle';
import { createCredentialThrottleRepo } from './features/auth/credential-throttle.repo';
import { constructionGuard } from './features/construction/construction-access';
import { createInspectionsRepo } from './features/construction/inspections.repo';
import { createInspectionsService } from './features/construction/inspections.service';
import { createNotesRepo, notesTransactionOn } from './features/construction/notes.repo';
import { createNotesService } from './features/construction/notes.service';
import { createElevationRepo } from './features/construction/volume/elevation.repo';
import { createElevationService } from './features/construction/volume/elevation.service';
import { createDsmDifferenceService } from './features/construction/difference/dsm-difference.service';
import { createDetectionsRepo } from './features/detections/detections.repo';
import { createDetectionsService } from './features/detections/detections.service';
import { createDetectionsReportRepo } from './features/detections-report/detections-report.repo';
import { createDetectionsReportService } from './features/detections-report/detections-report.service';
import { createAllotmentAnalysesRepo } from './features/allotment-analyses/allotment-analyses.repo';
import { createAllotmentAnalysesService } from './features/allotment-analyses/allotment-analyses.service';
import { createGeoExportService } from './features/geo-export/geo-export.service';
import { createEnvironmentProcessor } from './features/environment/environment.processor';
import { createEnvironmentRepo } from './features/environment/environment.repo';
import { createEnvironmentService } from './features/environment/environment.service';
import { createReportService } from './features/environment/report/report.service';
import { createReportFilesRepo } from './features/environment/report-files.repo';
import { createFinanceRepo, financeTransactionOn } from './features/finance/finance.repo';
import { createFinanceService } from './features/finance/finance.service';
import { createPortfolioImportRepo } from './features/finance/portfolio-import.repo';
import { createPortfolioIoService } from './features/finance/portfolio-io.service';
import { createConnector } from './features/integration/connectors/create-connector';
import { createCredentialsCipher } from './features/integration/credentials-cipher';
import { createIntegrationRepo, type SyncRunRow } from './features/integration/integration.repo';
import { createIntegrationService } from './features/integration/integration.service';
import { startDemoErp } from './features/integration/demo-erp';
import {
  createOutboundHostsRepo,
  createOutboundHostsService,
  type OutboundHostsRepo,
} from './features/outbound-hosts';
import { createOutboundFetch, type OutboundFetch } from './outbound/outbound-fetch';
import { notifyIfDue } from './features/integration/sync/sync-email';
import { createSyncQueue } from './features/integration/sync/sync-queue';
import { createSyncRunner } from './features/integration/sync/sync-runner';
import { createModulesRepo } from './features/modules/modules.repo';
import { createModulesService } from './features/modules/modules.service';
import { createNotifyService } from './features/notify/notify.service';
import { createProjectsRepo } from './features/projects/projects.repo';
import { createProjectsService } from './features/projects/projects.service';
import { createProjectRegistrationService } from './features/projects/project-registration.service';
import { createLayerImportService } from './features/layers/layer-import.service';
import { createLayerImportRepo } from './features/layer-import/layer-import.repo';
import { createLayerFileImportService } from './features/layer-import/layer-import.service';
import { createLayersRepo } from './features/layers/layers.repo';
import { createLayersService } from './features/layers/layers.service';
import { createObservationsRepo } from './features/layers/observations.repo';
import { createObservationsService } from './features/layers/observations.service';
import { createOverlaysRepo } from './features/overlays/overlays.repo';
import { createOverlaysService } from './features/overlays/overlays.service';
import { createScenesRepo } from './features/scenes/scenes.repo';
import { createScenesService } from './features/scenes/scenes.service';
import { createTimelapseRepo } from './features/timelapse/timelapse.repo';
import { createTimelapseService } from './features/timelapse/timelapse.service';
import type { AuthUser } from './features/auth';
import { createSceneAlignmentRepo, createSceneAlignmentService } from './features/scene-alignment';
import { createTileSigner } from './features/scenes/tile-signature';
import { createSecurityServices } from './features/security/security.service';
import { ProcessingUnavailableError, type DetectionProcessor } from './features/analyses/analyses.processing';
import { sharedCpuPool, type CpuPool } from './cpu/cpu-pool';
import type { Mailer } from './mail/mailer';
import { createSignedUnsubscribe } from './mail/unsubscribe-token';
import { createGisKeysRepo, createGisKeysService } from './features/gis-keys';
import { createGisRepo } from './features/gis/gis.repo';
import { createGisService } from './features/gis/gis.service';
import type { Storage } from './storage/storage';
import type { MailMessage } from './mail/mailer';
import {
  createAlertSourcesRepo,
  createAlertsRepo,
  createAlertsService,
  createUnsubscribeTokens,
  type AlertsTransaction,
} from './features/alerts';
import {
  createShareAccessSigner,
  createShareLinksRepo,
  createShareLinksService,
} from './features/share-links';
import { createReportRunner } from './features/scheduled-reports/report-runner';
import { createScheduledReportsRepo } from './features/scheduled-reports/scheduled-reports.repo';
import { createScheduledReportsService } from './features/scheduled-reports/scheduled-reports.service';

export interface Infrastructure {
  config: AppConfig;
  db: Db;
  mailer: Mailer;
  storage: Storage;
}

/** Where queued work goes; `startJobs` hands it to pg-boss. */
export interface JobDispatch {
  sceneIngest(sceneId: number): Promise<void>;
  detectionsProcess(detectId: number): Promise<void>;
  integrationSync?(run: SyncRunRow): Promise<void>;
  /**
   * The alerts' queue: wakes the dispatch of recorded events; `mailIn` queues e-mails inside a transaction (the
   * alerts' and the scheduled reports').
   */
  alerts?: {
    eventsRecorded(): Promise<void>;
    mailIn(trx: Db): (message: MailMessage) => Promise<void>;
  };
  /** A timelapse export for the workers (absent: it runs in this process). */
  timelapseExport?(exportId: number, user: AuthUser): Promise<void>;
  /** A scheduled report's run (its `report-send` job). */
  reportRun?(runId: number): Promise<void>;
}

export interface ServiceOptions {
  /** Absent: scene ingests and AI jobs run in this process, in the background (tests, scripts). */
  dispatch?: JobDispatch;
  /** The AI of the analyses queue: the detections feature's unless given; null for none (its jobs fail). */
  processor?: DetectionProcessor | null;
  /** The ERP connectors (tests shorten their time-outs); default `createConnector`. */
  createConnector?: typeof createConnector;
  /** The clock of what expires by time (the tile server's lookups, the credential throttle); default `Date.now`. */
  clock?: () => number;
  /** The threads of the CPU-heavy work (tiling, the AI, the detector, the demo imagery); default the process's. */
  cpu?: CpuPool;
}

/** The service graph, built once per process: every feature's service, wired to its repo and collaborators. */
export function createServices(infra: Infrastructure, options: ServiceOptions = {}) {
  const { config, db, mailer } = infra;
  const cpu = options.cpu ?? sharedCpuPool(config.cpuThreads);
  const projectsRepo = createProjectsRepo(db);
  const projects = createProjectsService(projectsRepo);
  const auth = createAuthService(createAuthRepo(db), mailer, {
    appUrl: config.appUrl,
    sessionTtlHours: config.sessionTtlHours,
    sessionIdleMinutes: config.sessionIdleMinutes,
    passwordTokenTtlHours: config.passwordTokenTtlHours,
    accessTokenTtlDays: config.accessTokenTtlDays,
  });
  const layersRepo = createLayersRepo(db);
  const observationsRepo = createObservationsRepo(db);
  const observations = createObservationsService(observationsRepo, layersRepo, projects, infra.storage);
  const detectionsReport = createDetectionsReportService(createDetectionsReportRepo(db), projects, cpu);
  // The alignment estimate runs after each ingest (never before this function returns) and sets offsets
  // through the scenes service, so each needs the other.
  const scenes = createScenesService(createScenesRepo(db), infra.storage, projects, {
    lastDetectDate: (user, projectId) => detectionsReport.lastDetectDate(user, projectId),
    dispatch: options.dispatch?.sceneIngest,
    signer: createTileSigner(requireIntegrationKey(config)),
    clock: options.clock,
    tileCacheMb: config.tileCacheMb,
    cpu,
    afterIngest: (sceneId) => sceneAlignment.propose(sceneId),
  });
  const sceneAlignment = createSceneAlignmentService(createSceneAlignmentRepo(db), {
    storage: infra.storage,
    cpu,
    scenes,
  });
  const detections = createDetectionsService(createDetectionsRepo(db), infra.storage, projects, cpu);
  const environmentRepo = createEnvironmentRepo(db);
  const environmentProcessor = createEnvironmentProcessor(environmentRepo, infra.storage, cpu);
  const lotProcessor = options.processor === undefined ? detections.processor : options.processor;
  const analyses = createAnalysesService(createAnalysesRepo(db), {
    // Environment analyses compare two scenes (before_scene_id) and always have their detector; the others
    // read lots with the lot AI, which `options.processor` replaces or removes (null: their jobs fail visibly).
    processor: (job, report) => {
      if (job.beforeSceneId !== null) return environmentProcessor(job, report);
      if (lotProcessor === null) throw new ProcessingUnavailableError();
      return lotProcessor(job, report);
    },
    dispatch: options.dispatch?.detectionsProcess,
  });
  const layerImport = createLayerImportService(layersRepo);
  const environment = createEnvironmentService(environmentRepo, {
    projects,
    analyses,
    layers: layerImport,
    storage: infra.storage,
  });
  const environmentReport = createReportService(environmentRepo, createReportFilesRepo(db), {
    projects,
    storage: infra.storage,
    cpu,
  });
  const finance = createFinanceService(createFinanceRepo(db), financeTransactionOn(db), projects);
  const scheduledReportsRepo = createScheduledReportsRepo(db);
  const reportUnsubscribe = createSignedUnsubscribe(requireIntegrationKey(config), 'report-unsubscribe');
  const reportRunner = createReportRunner({
    repo: scheduledReportsRepo,
    inTransaction: mailingTransaction(infra, options.dispatch?.alerts, (trx) => ({
      repo: createScheduledReportsRepo(trx),
    })),
    unsubscribe: reportUnsubscribe,
    auth,
    sources: { detectionsReport, finance },
    storage: infra.storage,
    cpu,
    appUrl: config.appUrl,
    log: (message) => process.stderr.write(`${JSON.stringify({ level: 50, msg: message })}\n`),
  });
  const scheduledReports = createScheduledReportsService({
    repo: scheduledReportsRepo,
    projects,
    runner: reportRunner,
    unsubscribe: reportUnsubscribe,
    dispatch: options.dispatch?.reportRun,
    clock: options.clock,
  });
  const guard = constructionGuard(projects);
  const inspections = createInspectionsService(createInspectionsRepo(db), guard);
  const notes = createNotesService({
    repo: createNotesRepo(db),
    inTransaction: notesTransactionOn(db),
    inspections,
    guard,
    cpu,
  });
  const layers = createLayersService(layersRepo, projects, observations, cpu);
  const outboundHostsRepo = createOutboundHostsRepo(db);
  const outboundHosts = createOutboundHostsService(outboundHostsRepo, config.outboundAllowedHosts);
  // Every call to a URL a user or an ADMIN typed goes through it (outbound/outbound-fetch.ts).
  const outbound = createOutboundFetch({ allowedHosts: () => outboundHosts.allowed() });
  const integration = integrationServices(infra, projects, options, { outbound, outboundHostsRepo });
  const alerts = alertsService(infra, projects, scenes, options.dispatch?.alerts);
  return {
    alerts,
    outboundHosts,
    ...integration,
    /** The process's CPU pool (the demo imagery renders on it). */
    cpu,
    auth,
    credentialThrottle: createCredentialThrottle(createCredentialThrottleRepo(db), {
      perMinute: config.loginRateLimitPerMinute,
      clock: options.clock,
    }),
    projects,
    projectRegistration: createProjectRegistrationService(projectsRepo),
    modules: createModulesService(createModulesRepo(db)),
    notify: createNotifyService(mailer, config.supportEmail),
    analyses,
    layers,
    observations,
    layerImport,
    environment,
    allotmentAnalyses: createAllotmentAnalysesService(createAllotmentAnalysesRepo(db), projects),
    environmentReport,
    layerFileImport: createLayerFileImportService(createLayerImportRepo(db), projects, cpu),
    scenes,
    sceneAlignment,
    overlays: createOverlaysService(createOverlaysRepo(db), projects, infra.storage),
    gisKeys: createGisKeysService(createGisKeysRepo(db), auth),
    gis: createGisService({
      repo: createGisRepo(db),
      projects,
      scenes,
      cogDir: path.join(config.dataDir, 'cog'),
    }),
    shareLinks: createShareLinksService({
      repo: createShareLinksRepo(db),
      projects,
      scenes,
      signer: createShareAccessSigner(requireIntegrationKey(config)),
      appUrl: config.appUrl,
    }),
    detectionsReport,
    detections,
    finance,
    scheduledReports,
    reportRunner,
    inspections,
    elevation: createElevationService({
      repo: createElevationRepo(db),
      storage: infra.storage,
      inspections,
      guard,
      cpu,
    }),
    dsmDifference: createDsmDifferenceService({
      modelKeyOf: async (sceneId) => (await createElevationRepo(db).modelOf(sceneId))?.storageKey ?? null,
      storage: infra.storage,
      inspections,
      guard,
      cpu,
    }),
    notes,
    geoExport: createGeoExportService({ projects, layers, detectionsReport, notes, cpu }),
    timelapse: createTimelapseService({
      repo: createTimelapseRepo(db),
      projects,
      scenes,
      layers,
      storage: infra.storage,
      cpu,
      ffmpeg: config.ffmpegPath,
      dispatch: options.dispatch?.timelapseExport,
    }),
    portfolioIo: createPortfolioIoService({
      finance,
      projects,
      // The import and the worker's job marked applied commit together (jobs/task-liveness.ts).
      inTransaction: (work) => inTaskTransaction(db, (trx) => work(createPortfolioImportRepo(trx))),
      lots: (projectId) => createPortfolioImportRepo(db).projectLots(projectId),
      mailer,
      cpu,
      logError: (error, message) =>
        process.stderr.write(`${JSON.stringify({ level: 50, msg: message, err: String(error) })}\n`),
    }),
    security: createSecurityServices(db, {
      sendDefinitionEmail: (userId) => auth.sendDefinitionEmail(userId),
      emailChanged: (userId, previousEmail, keepSessionId) =>
        auth.emailChanged(userId, previousEmail, keepSessionId),
      accessChanged: (userId) => auth.accessChanged(userId),
    }),
  };
}

/**
 * A transaction whose e-mails go out only if it commits: with the job queue they are pg-boss jobs written in
 * it; without (tests, scripts), they are sent through the mailer once it has committed.
 */
function mailingTransaction<Repos extends object>(
  infra: Infrastructure,
  queued: JobDispatch['alerts'],
  repos: (trx: Db) => Repos,
) {
  return async <T>(
    work: (tx: Repos & { queueMail(message: MailMessage): Promise<void> }) => Promise<T>,
  ): Promise<T> => {
    const after: MailMessage[] = [];
    const result = await infra.db.transaction().execute((trx) =>
      work({
        ...repos(trx),
        queueMail: queued ? queued.mailIn(trx) : async (message) => void after.push(message),
      }),
    );
    for (const message of after) await infra.mailer.send(message);
    return result;
  };
}

/**
 * The alerts. With the job queue, a transaction's e-mails are pg-boss jobs written in it; without (tests,
 * scripts), they are sent through the mailer once the transaction has committed.
 */
function alertsService(
  infra: Infrastructure,
  projects: ReturnType<typeof createProjectsService>,
  scenes: ReturnType<typeof createScenesService>,
  queued: JobDispatch['alerts'],
) {
  const { db, config } = infra;
  return createAlertsService({
    repo: createAlertsRepo(db),
    sources: createAlertSourcesRepo(db),
    inTransaction: mailingTransaction(infra, queued, (trx): Omit<AlertsTransaction, 'queueMail'> => ({
      repo: createAlertsRepo(trx),
      sources: createAlertSourcesRepo(trx),
    })),
    projects,
    tokens: createUnsubscribeTokens(requireIntegrationKey(config)),
    async readTile(scene, z, x, y) {
      const tile = await scenes.tiles.tile(null, { ...scene, z, x, y, format: 'png' }, true);
      const copy = Buffer.from(tile.body);
      tile.release?.();
      return copy;
    },
    appUrl: config.appUrl,
    eventsRecorded: queued ? () => queued.eventsRecorded() : async () => undefined,
  });
}

/** The ERP integration: the wizards' service, the synchronisation runner and its queue. */
function integrationServices(
  infra: Infrastructure,
  projects: ReturnType<typeof createProjectsService>,
  options: ServiceOptions,
  outboundParts: { outbound: OutboundFetch; outboundHostsRepo: OutboundHostsRepo },
) {
  const { config, db, mailer } = infra;
  const repo = createIntegrationRepo(db);
  if (!config.integrationKey) throw new Error('INTEGRATION_KEY não definida.');
  const cipher = createCredentialsCipher(config.integrationKey);
  const connectors = options.createConnector ?? createConnector;
  const { outbound } = outboundParts;
  const syncRunner = createSyncRunner({
    db,
    repo,
    cipher,
    createConnector: connectors,
    outbound,
    afterRun: async (run) => {
      await notifyIfDue(repo, (message) => mailer.send(message), config.appUrl, run).catch((error: unknown) =>
        process.stderr.write(
          `${JSON.stringify({ level: 50, msg: 'integration e-mail failed', err: String(error) })}\n`,
        ),
      );
    },
  });
  const syncQueue = createSyncQueue(repo, syncRunner, options.dispatch?.integrationSync);
  const integration = createIntegrationService({
    repo,
    cipher,
    projects,
    createConnector: connectors,
    outbound,
    queueSync: (customerId, erp, trigger) => syncQueue.queue(customerId, erp, trigger),
  });
  /** The demo: a simulated UAU in this process, the demo allotment linked to it (main.ts, demo data only). */
  const startDemoIntegration = (log: (message: string) => void) =>
    startDemoErp({
      db,
      cipher,
      allowSimulator: (host) => outboundParts.outboundHostsRepo.replaceDemo(host),
      queueSync: (customerId, erp, trigger) => syncQueue.queue(customerId, erp, trigger),
      log,
    });
  return { integration, syncRunner, syncQueue, startDemoIntegration };
}

export type Services = ReturnType<typeof createServices>;
