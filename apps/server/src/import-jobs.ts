import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import type { ImportResult, LayerImportFields, LayerImportReport } from '@mirante/shared';
import type { AuthUser } from './features/auth';
import type { Services } from './services';
import type { Storage } from './storage/storage';
import type { RemoteTasks } from './jobs/remote-task';

export const FINANCE_IMPORT_QUEUE = 'finance-import';
export const LAYER_IMPORT_QUEUE = 'layer-import';

/** Storage prefix of the uploaded files waiting for their import job (deleted once it ends). */
const STAGED_PREFIX = 'jobs/imports';
/** An import that has not finished in this time has failed (pg-boss's expiry); the largest take seconds. */
const RUN_SECONDS = 15 * 60;

interface ImportJob {
  user: AuthUser;
  projectId: number;
  fileKey: string;
}
interface FinanceImportJob extends ImportJob {
  filename: string;
}
interface LayerImportJob extends ImportJob {
  fields: LayerImportFields;
}

/** `services` whose finance and layer imports are the given functions. */
const withImports = (
  services: Services,
  importFinance: Services['portfolioIo']['importFile'],
  importLayers: Services['layerFileImport']['importFile'],
): Services => ({
  ...services,
  portfolioIo: { ...services.portfolioIo, importFile: importFinance },
  layerFileImport: { ...services.layerFileImport, importFile: importLayers },
});

/**
 * The spreadsheet (finance) and layer imports on the workers: the API stores the uploaded file, sends a job
 * (one import per project at a time on each queue: the job's `exclusiveKey` is the project, and imports of
 * different projects run side by side) and answers with its outcome; the processes that work the queues read
 * the file and run the import, all or nothing as before.
 */
export function importJobs(tasks: RemoteTasks, storage: Storage) {
  const options = (projectId: number) => ({ exclusiveKey: `project-${projectId}`, runSeconds: RUN_SECONDS });
  /** Stores `bytes` for a job, runs `send` and removes the file whatever happened. */
  const staged = async <T>(bytes: Buffer, send: (fileKey: string) => Promise<T>): Promise<T> => {
    const fileKey = `${STAGED_PREFIX}/${randomUUID()}`;
    await storage.put(fileKey, bytes);
    try {
      return await send(fileKey);
    } finally {
      await storage.delete(fileKey).catch(() => undefined);
    }
  };
  const read = async (key: string) => buffer(await storage.getStream(key));
  return {
    async create(): Promise<void> {
      await tasks.create(FINANCE_IMPORT_QUEUE);
      await tasks.create(LAYER_IMPORT_QUEUE);
    },

    /** `services` with their imports sent to the queues (what the HTTP routes call). */
    sentToWorkers: (services: Services): Services =>
      withImports(
        services,
        (user, projectId, file) =>
          staged(file.bytes, (fileKey) =>
            tasks.run<FinanceImportJob, ImportResult>(
              FINANCE_IMPORT_QUEUE,
              { user, projectId, fileKey, filename: file.filename },
              options(projectId),
            ),
          ),
        (user, projectId, file, fields) =>
          staged(file, (fileKey) =>
            tasks.run<LayerImportJob, LayerImportReport>(
              LAYER_IMPORT_QUEUE,
              { user, projectId, fileKey, fields },
              options(projectId),
            ),
          ),
      ),

    /**
     * `services` with their imports run in this process (`ROLE=all`): the same service called directly, still one
     * import per project at a time on each queue's key, here and on any worker.
     */
    ranHere: (services: Services): Services =>
      withImports(
        services,
        (user, projectId, file) =>
          tasks.runHere(FINANCE_IMPORT_QUEUE, options(projectId), () =>
            services.portfolioIo.importFile(user, projectId, file),
          ),
        (user, projectId, file, fields) =>
          tasks.runHere(LAYER_IMPORT_QUEUE, options(projectId), () =>
            services.layerFileImport.importFile(user, projectId, file, fields),
          ),
      ),

    /** Works both queues with the services that import in this process. */
    async work(services: Services): Promise<void> {
      await tasks.work<FinanceImportJob, ImportResult>(FINANCE_IMPORT_QUEUE, async (job) =>
        services.portfolioIo.importFile(job.user, job.projectId, {
          bytes: await read(job.fileKey),
          filename: job.filename,
        }),
      );
      await tasks.work<LayerImportJob, LayerImportReport>(LAYER_IMPORT_QUEUE, async (job) =>
        services.layerFileImport.importFile(job.user, job.projectId, await read(job.fileKey), job.fields),
      );
    },
  };
}
