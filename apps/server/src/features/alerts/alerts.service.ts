import {
  ALERT_KINDS,
  ALERT_MESSAGES,
  DEFAULT_ALERT_DELIVERY,
  type AlertDelivery,
  type AlertItem,
  type AlertList,
  type AlertPreference,
  type AlertPreferenceBody,
} from '@mirante/shared';
import { AppError, notFound } from '../../http/app-error';
import type { MailMessage } from '../../mail/mailer';
import { alertKindsFor } from '../../policies';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import { analysisEvents } from './alert-events';
import { alertEmail, type LotThumbnails, type MailEvent } from './alert-mail';
import type { AlertSourcesRepo } from './alert-sources.repo';
import { alertPath, describeAlert, type AlertPayload } from './alert-text';
import { lotThumbnail, type ReadTile } from './alert-thumbnails';
import type { AlertEventRow, AlertProjectRow, AlertsRepo } from './alerts.repo';
import type { UnsubscribeTokens } from './unsubscribe-token';

/** What one transaction sees: the repos on its connection and a mailer whose messages commit with it. */
export interface AlertsTransaction {
  repo: AlertsRepo;
  sources: AlertSourcesRepo;
  /** Queues a message in this transaction: it goes out only if the transaction commits, and then once. */
  queueMail(message: MailMessage): Promise<void>;
}

export interface AlertsDeps {
  repo: AlertsRepo;
  sources: AlertSourcesRepo;
  inTransaction<T>(work: (tx: AlertsTransaction) => Promise<T>): Promise<T>;
  projects: ProjectsService;
  tokens: UnsubscribeTokens;
  readTile: ReadTile;
  appUrl: string;
  /** Wakes the dispatch of recorded events (the queue's workers, in every process). */
  eventsRecorded(): Promise<void>;
}

/** Events handled per dispatch transaction. */
const DISPATCH_BATCH = 20;
/** Lots whose before/after thumbnails an e-mail carries, per event. */
const THUMBNAILED_LOTS = 4;
const BELL_SIZE = 30;

/**
 * Alerts: events recorded once from what changed (the scan), delivered once per user who may see them (the
 * dispatch: a delivery row per user, the immediate e-mails queued in the same transaction), gathered in daily or
 * weekly digests, listed by the bell, and chosen per project by each user.
 */
export function createAlertsService(deps: AlertsDeps) {
  const { repo, projects, tokens } = deps;

  const unsubscribeLinks = (userId: number) => (projectId: number) => {
    const token = encodeURIComponent(tokens.sign(userId, projectId));
    return {
      page: `${deps.appUrl}/auth/alerts-unsubscribe?token=${token}`,
      oneClick: `${deps.appUrl}/api/v1/alerts/unsubscribe?token=${token}`,
    };
  };

  async function thumbnailsOf(
    event: AlertEventRow,
    project: AlertProjectRow,
  ): Promise<Map<number, LotThumbnails>> {
    const payload = event.payload as AlertPayload;
    const thumbnails = new Map<number, LotThumbnails>();
    const lots = (payload.lots ?? []).slice(0, THUMBNAILED_LOTS);
    if (lots.length === 0 || !payload.sceneId || !payload.date) return thumbnails;
    const after = await repo.thumbnailScene(project.id, { sceneId: payload.sceneId });
    const before = await repo.thumbnailScene(project.id, { beforeDate: payload.date });
    const shapes = await repo.lotShapes(lots.map((lot) => lot.layerId));
    for (const shape of shapes) {
      const cut = async (scene: typeof after) =>
        scene
          ? lotThumbnail(scene, { geometry: shape.geoJson, bbox: shape.bbox }, deps.readTile).catch(
              () => null,
            )
          : null;
      thumbnails.set(shape.id, {
        before: await cut(before),
        after: await cut(after),
        beforeDate: before?.date ?? null,
        afterDate: after?.date ?? null,
      });
    }
    return thumbnails;
  }

  async function mailEvent(event: AlertEventRow, project: AlertProjectRow): Promise<MailEvent> {
    return {
      eventId: event.id,
      projectId: project.id,
      projectName: project.name,
      projectType: project.projectType,
      kind: event.kind,
      payload: event.payload as AlertPayload,
      thumbnails: await thumbnailsOf(event, project),
    };
  }

  /** Writes the deliveries of one event and queues its immediate e-mails, in the caller's transaction. */
  async function dispatchEvent(tx: AlertsTransaction, event: AlertEventRow): Promise<void> {
    const project = await tx.repo.project(event.projectId);
    if (!project) return;
    let mail: MailEvent | undefined;
    for (const candidate of await tx.repo.candidates(project)) {
      const allowed = alertKindsFor(candidate, project.projectType);
      const chosen = candidate.kinds ?? allowed;
      if (!allowed.includes(event.kind) || !chosen.includes(event.kind)) continue;
      const mode: AlertDelivery = candidate.delivery ?? DEFAULT_ALERT_DELIVERY;
      const immediate = mode === 'immediate';
      const inserted = await tx.repo.insertDelivery(event.id, candidate.userId, mode, immediate);
      if (!inserted || !immediate) continue;
      mail ??= await mailEvent(event, project);
      const message = alertEmail({
        recipientName: candidate.name,
        events: [mail],
        appUrl: deps.appUrl,
        unsubscribeLinks: unsubscribeLinks(candidate.userId),
      });
      await tx.queueMail({ to: candidate.email, ...message });
    }
    await tx.repo.markDispatched(event.id);
  }

  async function record(
    events: Parameters<AlertsRepo['recordEvent']>[0][],
    sourceKey: string,
  ): Promise<number> {
    return deps.inTransaction(async (tx) => {
      if (!(await tx.sources.claim(sourceKey))) return 0;
      let recorded = 0;
      for (const event of events) if (await tx.repo.recordEvent(event)) recorded++;
      return recorded;
    });
  }

  return {
    /**
     * Reads what changed since the last scan and records its events, each source in one transaction with the
     * mark that it was read (a crash in between records nothing, and the next scan reads it again; two
     * processes scanning at once record it once). Returns how many events were recorded.
     */
    async scan(): Promise<number> {
      let recorded = 0;
      for (const scene of await deps.sources.publishedScenes()) {
        recorded += await record(
          [
            {
              projectId: scene.projectId,
              kind: 'scene_published',
              dedupeKey: `scene_published:scene:${scene.sceneId}`,
              payload: { date: scene.date, sceneId: scene.sceneId },
            },
          ],
          `scene:${scene.sceneId}`,
        );
      }
      for (const analysis of await deps.sources.approvedLotAnalyses()) {
        const lots = await deps.sources.analysisLots(analysis.detectionId);
        recorded += await record(analysisEvents(analysis, lots), `analysis:${analysis.detectionId}`);
      }
      for (const analysis of await deps.sources.environmentAnalyses()) {
        const events =
          analysis.pending > 0
            ? [
                {
                  projectId: analysis.projectId,
                  kind: 'environment_proposals' as const,
                  dedupeKey: `environment_proposals:analysis:${analysis.detectionId}`,
                  payload: {
                    date: analysis.date,
                    beforeDate: analysis.beforeDate,
                    pending: analysis.pending,
                  },
                },
              ]
            : [];
        recorded += await record(events, `analysis:${analysis.detectionId}`);
      }
      for (const run of await deps.sources.failedSyncs()) {
        const events = run.projectIds.map((projectId) => ({
          projectId,
          kind: 'sync_failed' as const,
          dedupeKey: `sync_failed:sync:${run.runId}:${projectId}`,
          payload: { erp: run.erp, message: run.message },
        }));
        recorded += await record(events, `sync:${run.runId}`);
      }
      if (recorded > 0) await deps.eventsRecorded();
      return recorded;
    },

    /** Records one event directly (a feature that knows something happened); false when it was recorded before. */
    async recordEvent(event: Parameters<AlertsRepo['recordEvent']>[0]): Promise<boolean> {
      const recorded = await repo.recordEvent(event);
      if (recorded) await deps.eventsRecorded();
      return recorded;
    },

    /**
     * Delivers the recorded events: per batch, one transaction locks the events (another process skips them),
     * writes one delivery per user who may receive each, queues the immediate e-mails and marks the events
     * dispatched. Killed anywhere, the transaction leaves nothing and the next dispatch does it whole.
     */
    async dispatch(): Promise<number> {
      let dispatched = 0;
      for (;;) {
        const count = await deps.inTransaction(async (tx) => {
          const events = await tx.repo.lockPendingEvents(DISPATCH_BATCH);
          for (const event of events) await dispatchEvent(tx, event);
          return events.length;
        });
        dispatched += count;
        if (count < DISPATCH_BATCH) return dispatched;
      }
    },

    /** Sends each user his digest of the deliveries waiting for it (one e-mail, committed with their marks). */
    async sendDigests(mode: 'daily' | 'weekly'): Promise<number> {
      let sent = 0;
      for (const userId of await repo.digestUsers(mode)) {
        sent += await deps.inTransaction(async (tx) => {
          const pending = await tx.repo.lockDigest(userId, mode);
          const user = await tx.repo.user(userId);
          if (pending.length === 0 || !user) return 0;
          const ids = pending.map((event) => event.id);
          await tx.repo.markEmailed(userId, ids);
          // An inactivated user receives nothing: what waited for him is dropped, not sent later.
          if (!user.active) return 0;
          const events: MailEvent[] = [];
          for (const event of pending) {
            const project = await tx.repo.project(event.projectId);
            if (project) events.push(await mailEvent(event, project));
          }
          const message = alertEmail({
            recipientName: user.name,
            events,
            appUrl: deps.appUrl,
            unsubscribeLinks: unsubscribeLinks(userId),
            digest: mode,
          });
          await tx.queueMail({ to: user.email, ...message });
          return 1;
        });
      }
      return sent;
    },

    async list(user: AuthUser): Promise<AlertList> {
      const rows = await repo.bell(user.id, BELL_SIZE);
      const items: AlertItem[] = rows.map((row) => {
        const payload = row.payload as AlertPayload;
        const described = describeAlert(row.kind, payload);
        const onlyLot = described.lots.length === 1 ? described.lots[0]!.layerId : undefined;
        return {
          id: row.id,
          kind: row.kind,
          project_id: row.projectId,
          project_name: row.projectName,
          title: described.title,
          detail: described.detail,
          link: alertPath(row.projectId, row.projectType, row.kind, onlyLot),
          created_at: row.createdAt.toISOString(),
          read: row.readAt !== null,
        };
      });
      return { unread: await repo.unreadCount(user.id), items };
    },

    async markRead(user: AuthUser, ids: number[] | undefined): Promise<{ unread: number }> {
      await repo.markRead(user.id, ids);
      return { unread: await repo.unreadCount(user.id) };
    },

    async preferences(user: AuthUser): Promise<AlertPreference[]> {
      const visible = await projects.listForUser(user).catch((error: unknown) => {
        if (error instanceof AppError && error.statusCode === 404) return [];
        throw error;
      });
      const saved = new Map((await repo.preferences(user.id)).map((row) => [row.projectId, row]));
      return visible.map((project) => {
        const available = alertKindsFor(user, project.projectType);
        const row = saved.get(project.id);
        return {
          project_id: project.id,
          project_name: project.name,
          available_kinds: available,
          kinds: row ? row.kinds.filter((kind) => available.includes(kind)) : available,
          delivery: row?.delivery ?? DEFAULT_ALERT_DELIVERY,
        };
      });
    },

    async savePreference(
      user: AuthUser,
      projectId: number,
      body: AlertPreferenceBody,
    ): Promise<AlertPreference> {
      const project = await projects.assertAccess(user, projectId, undefined, () =>
        notFound(ALERT_MESSAGES.projectNotFound, 'PROJECT_NOT_FOUND'),
      );
      const available = alertKindsFor(user, project.projectType);
      if (body.kinds.some((kind) => !available.includes(kind)))
        throw new AppError(422, 'ALERT_KIND_NOT_ALLOWED', ALERT_MESSAGES.kindNotAllowed);
      const kinds = [...new Set(body.kinds)];
      await repo.savePreference(user.id, projectId, kinds, body.delivery);
      return {
        project_id: project.id,
        project_name: project.name,
        available_kinds: available,
        kinds,
        delivery: body.delivery,
      };
    },

    /** The e-mail's signed link: stops this project's alert e-mails for its user (the bell keeps listing them). */
    async unsubscribe(token: string): Promise<{ message: string; project_name: string }> {
      const target = tokens.verify(token);
      const project = target && (await repo.project(target.projectId));
      const user = target && (await repo.user(target.userId));
      if (!target || !project || !user)
        throw notFound(ALERT_MESSAGES.unsubscribeInvalid, 'UNSUBSCRIBE_INVALID');
      // With no choice recorded, every kind stays listed by the bell (the dispatch keeps to what he may see).
      await repo.stopEmails(target.userId, target.projectId, [...ALERT_KINDS]);
      return { message: ALERT_MESSAGES.unsubscribed(project.name), project_name: project.name };
    },
  };
}

export type AlertsService = ReturnType<typeof createAlertsService>;
