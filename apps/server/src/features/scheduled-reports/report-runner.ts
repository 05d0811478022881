import { buffer } from 'node:stream/consumers';
import { detectionsExportSchema, type ReportFrequency } from '@mirante/shared';
import type { CpuPool } from '../../cpu/cpu-pool';
import { sceneOnDisk } from '../../imagery/scene-on-disk';
import type { MailMessage } from '../../mail/mailer';
import type { SignedUnsubscribe } from '../../mail/unsubscribe-token';
import { seesUnpublished } from '../../policies';
import { withLocalFile } from '../../storage/local-file';
import type { Storage } from '../../storage/storage';
import type { AuthService } from '../auth';
import type { DetectionsReportService } from '../detections-report';
import { isRefusal, reportContent, type ContentSources } from './report-content';
import type { ReportDocument, ReportScenes } from './report-document';
import { reportEmail } from './report-email';
import type { SceneFile, ScheduledReportsRepo } from './scheduled-reports.repo';

/** What one transaction sees: the repo on its connection and a mailer whose messages commit with it. */
export interface ReportTransaction {
  repo: ScheduledReportsRepo;
  /** Queues a message in this transaction: it goes out only if the transaction commits, and then once. */
  queueMail(message: MailMessage): Promise<void>;
}

export interface ReportRunnerDeps {
  repo: ScheduledReportsRepo;
  inTransaction<T>(work: (tx: ReportTransaction) => Promise<T>): Promise<T>;
  /** Signs the links that take a recipient off a schedule. */
  unsubscribe: SignedUnsubscribe;
  auth: Pick<AuthService, 'credentialHolder'>;
  sources: ContentSources & { detectionsReport: Pick<DetectionsReportService, 'exportFile'> };
  storage: Storage;
  cpu: CpuPool;
  appUrl: string;
  log?: (message: string) => void;
}

const today = () => new Date().toISOString().slice(0, 10);

/**
 * Sends one run of a scheduled report: each recipient gets the report as he may read it (his own permissions,
 * checked now: an inactivated user or one who lost the project or the module is skipped), the PDF drawn on the
 * CPU pool and the detections spreadsheet attached, queued on the mail queue in the transaction that records
 * his delivery. One process sends a run at a time (its lock); a run whose process died is taken again and sent
 * only to the recipients without a delivery, so each receives it once.
 */
export function createReportRunner(deps: ReportRunnerDeps) {
  const { repo } = deps;

  /** Runs `work` with the two dates' published scenes on local disk (null when absent or unreadable). */
  async function withScenes<T>(
    projectId: number,
    document: ReportDocument,
    work: (scenes: ReportScenes) => Promise<T>,
  ): Promise<T> {
    if (document.invasions.length === 0) return work({ before: null, after: null });
    const find = (date: string | null) =>
      date ? repo.publishedScene(projectId, date) : Promise.resolve(undefined);
    const local = async <R>(
      scene: SceneFile | undefined,
      next: (onDisk: ReportScenes['before']) => Promise<R>,
    ) => {
      if (!scene) return next(null);
      let opened = false;
      try {
        return await withLocalFile(deps.storage, scene.originalKey, (file) => {
          opened = true;
          return next(sceneOnDisk(file, scene.sourceKind, scene.sourceBounds));
        });
      } catch (error) {
        if (opened) throw error;
        return next(null);
      }
    };
    const [before, after] = await Promise.all([find(document.baselineDate), find(document.latestDate)]);
    return local(before, (b) => local(after, (a) => work({ before: b, after: a })));
  }

  const unsubscribeLinks = (userId: number, scheduleId: number) => {
    const token = encodeURIComponent(deps.unsubscribe.sign(userId, scheduleId));
    return {
      page: `${deps.appUrl}/auth/reports-unsubscribe?token=${token}`,
      oneClick: `${deps.appUrl}/api/v1/report-schedules/unsubscribe?token=${token}`,
    };
  };

  /** Queues the message unless this run's recipient was served already; true when queued now. */
  const deliverOnce = (runId: number, userId: number, message: MailMessage) =>
    deps.inTransaction(async (tx) => {
      if (!(await tx.repo.recordDelivery(runId, userId))) return false;
      await tx.queueMail(message);
      return true;
    });

  async function send(runId: number): Promise<void> {
    await repo.withRunLock(runId, () => sendLocked(runId));
  }

  async function sendLocked(runId: number): Promise<void> {
    const run = await repo.claimRun(runId);
    if (!run) return;
    let sent = 0;
    let skipped = 0;
    let statusDate: string | null = null;
    try {
      const schedule = await repo.find(run.scheduleId);
      const project = schedule ? await repo.project(schedule.projectId) : undefined;
      if (!schedule || !project || project.archivedAt) {
        await repo.finishRun(run, {
          state: 'failed',
          statusDate,
          sent,
          skipped,
          error: 'Projeto indisponível.',
        });
        return;
      }
      const served = new Set(await repo.deliveredTo(run.id));
      sent = served.size;
      const recipients = (await repo.recipientsOf([schedule.id])).filter(
        (recipient) => !served.has(recipient.id),
      );
      const lots = await repo.lots(project.id);
      const pdfs = new Map<string, Uint8Array>();
      for (const recipient of recipients) {
        const user = await deps.auth.credentialHolder(recipient.id, `report-run-${run.id}`);
        if (!user?.active) {
          skipped += 1;
          continue;
        }
        try {
          const { document, filters } = await reportContent(
            deps.sources,
            user,
            { id: project.id, name: project.name, boundary: project.boundary },
            lots,
            {
              frequency: schedule.frequency as ReportFrequency,
              baseline: schedule.lastStatusDate,
              today: today(),
            },
          );
          statusDate = document.latestDate ?? statusDate;
          // Recipients who read the same thing share one PDF.
          const key = JSON.stringify([seesUnpublished(user), document.finance]);
          let pdf = pdfs.get(key);
          if (!pdf) {
            pdf = await withScenes(project.id, document, (scenes) =>
              deps.cpu.run('scheduledReportPdf', { document, scenes }),
            );
            pdfs.set(key, pdf);
          }
          const sheet = filters
            ? await deps.sources.detectionsReport.exportFile(
                user,
                project.id,
                detectionsExportSchema.parse({ ...filters, fileType: 'xls' }),
              )
            : null;
          const stamp = document.latestDate ?? today();
          const message = reportEmail({
            to: recipient,
            document,
            // The project named, so the map opens on it whichever project the reader last chose.
            mapUrl: `${deps.appUrl}/page/fusion-map?projeto=${project.id}`,
            pdf: {
              filename: `relatorio-${project.space}-${stamp}.pdf`,
              base64: Buffer.from(pdf).toString('base64'),
            },
            spreadsheet: sheet
              ? {
                  filename: sheet.filename,
                  contentType: sheet.contentType,
                  base64: (await buffer(sheet.body)).toString('base64'),
                }
              : null,
            unsubscribe: unsubscribeLinks(recipient.id, schedule.id),
          });
          if (await deliverOnce(run.id, recipient.id, message)) sent += 1;
        } catch (error) {
          if (!isRefusal(error)) throw error;
          skipped += 1;
        }
      }
      await repo.finishRun(run, { state: 'sent', statusDate, sent, skipped, error: null });
    } catch (error) {
      deps.log?.(`Relatório agendado ${run.scheduleId}: falha no envio: ${String(error)}`);
      await repo.finishRun(run, {
        state: 'failed',
        statusDate,
        sent,
        skipped,
        error: 'Não foi possível gerar o relatório.',
      });
    }
  }

  return { send };
}

export type ReportRunner = ReturnType<typeof createReportRunner>;
