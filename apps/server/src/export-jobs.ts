import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import type {
  DetectionsExportQuery,
  DetectionsGeoExportQuery,
  GeoExportQuery,
  InformationsExportQuery,
  NotesGeoExportQuery,
} from '@mirante/shared';
import type { AuthUser } from './features/auth';
import type { Services } from './services';
import type { Storage } from './storage/storage';
import type { RemoteTasks } from './jobs/remote-task';

export const EXPORT_QUEUE = 'export-file';

/** Storage prefix of the files the workers wrote for an API to stream (deleted once streamed). */
const EXPORTS_PREFIX = 'jobs/exports';
const RUN_SECONDS = 15 * 60;

type ExportJob =
  | { kind: 'informations'; user: AuthUser; projectId: number; query: InformationsExportQuery }
  | { kind: 'detections'; user: AuthUser; projectId: number; query: DetectionsExportQuery }
  | { kind: 'notes'; user: AuthUser; inspectionId: number; extension: 'csv' | 'xls' }
  | { kind: 'geo-layers'; user: AuthUser; projectId: number; query: GeoExportQuery }
  | { kind: 'geo-detections'; user: AuthUser; projectId: number; query: DetectionsGeoExportQuery }
  | { kind: 'geo-notes'; user: AuthUser; query: NotesGeoExportQuery };

interface ExportedFile {
  body: Readable | Buffer;
  contentType: string;
  filename: string;
}

interface StoredExport {
  fileKey: string;
  contentType: string;
  filename: string;
}

/** run() reads the stored file whole: its body is a Buffer. */
const asBuffer = (file: ExportedFile) => ({ ...file, body: file.body as Buffer });

/** The query without the session token (the job's data sits in pg-boss's table). */
const withoutToken = <Q extends { api_token?: string }>(query: Q): Q => ({ ...query, api_token: undefined });

/**
 * The downloads (portfolio CSV/xlsx, detections report CSV/xlsx, construction notes CSV/xls, the geometry
 * exports) on the workers:
 * the API sends an `export-file` job and waits; the worker builds the file, stores it under `jobs/exports/` and
 * answers with its key; the API reads it, deletes it and sends it. Same contract, same refusals.
 */
export function exportJobs(tasks: RemoteTasks, storage: Storage) {
  const run = async (job: ExportJob): Promise<ExportedFile> => {
    const stored = await tasks.run<ExportJob, StoredExport>(EXPORT_QUEUE, job, { runSeconds: RUN_SECONDS });
    // Read whole and deleted before the answer: a delete on the stream's close raced a client that gave up
    // mid-download with the store's read (s3rver lost such reads and hung the request, bench/RESULTS.md).
    let body: Buffer;
    try {
      body = await buffer(await storage.getStream(stored.fileKey));
    } finally {
      await storage.delete(stored.fileKey).catch(() => undefined);
    }
    return { body, contentType: stored.contentType, filename: stored.filename };
  };
  const build = (services: Services, job: ExportJob): Promise<ExportedFile> => {
    switch (job.kind) {
      case 'informations':
        return services.portfolioIo.exportFile(job.user, job.projectId, job.query);
      case 'detections':
        return services.detectionsReport.exportFile(job.user, job.projectId, job.query);
      case 'notes':
        return services.notes.exportFile(job.user, job.inspectionId, job.extension);
      case 'geo-layers':
        return services.geoExport.layers(job.user, job.projectId, job.query);
      case 'geo-detections':
        return services.geoExport.detections(job.user, job.projectId, job.query);
      case 'geo-notes':
        return services.geoExport.notes(job.user, job.query);
    }
  };
  return {
    create: () => tasks.create(EXPORT_QUEUE),

    /** `services` with their exports sent to the queue (what the HTTP routes call). */
    sentToWorkers(services: Services): Services {
      return {
        ...services,
        portfolioIo: {
          ...services.portfolioIo,
          exportFile: (user, projectId, query) =>
            run({ kind: 'informations', user, projectId, query: withoutToken(query) }),
        },
        detectionsReport: {
          ...services.detectionsReport,
          exportFile: async (user, projectId, query) => {
            const file = await run({ kind: 'detections', user, projectId, query: withoutToken(query) });
            return { ...file, body: Readable.from([file.body]) };
          },
        },
        notes: {
          ...services.notes,
          exportFile: (user, inspectionId, extension) =>
            run({ kind: 'notes', user, inspectionId, extension }),
        },
        geoExport: {
          layers: async (user, projectId, query) =>
            asBuffer(await run({ kind: 'geo-layers', user, projectId, query: withoutToken(query) })),
          detections: async (user, projectId, query) =>
            asBuffer(await run({ kind: 'geo-detections', user, projectId, query: withoutToken(query) })),
          notes: async (user, query) =>
            asBuffer(await run({ kind: 'geo-notes', user, query: withoutToken(query) })),
        },
      };
    },

    async work(services: Services): Promise<void> {
      await tasks.work<ExportJob, StoredExport>(EXPORT_QUEUE, async (job) => {
        const file = await build(services, job);
        const fileKey = `${EXPORTS_PREFIX}/${randomUUID()}`;
        // Stored whole (an export is small next to the uploads the API holds): a stream of unknown length
        // goes to S3 as a chunked PUT the SDK cannot retry.
        const body = Buffer.isBuffer(file.body) ? file.body : await buffer(file.body);
        await storage.put(fileKey, body);
        return { fileKey, contentType: file.contentType, filename: file.filename };
      });
    },
  };
}
