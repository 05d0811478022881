import type { CpuPool } from '../../cpu/cpu-pool';
import { SCENE_MESSAGES, type AdminScene, type Scene } from '@mirante/shared';
import { AppError, forbidden, notFound, unprocessable } from '../../http/app-error';
import { ImageryError } from '../../imagery/imagery-error';
import { createArchiveReader } from '../../imagery/archive-reader';
import { DEFAULT_IMAGE_LIMITS, type ImageLimits } from '../../imagery/limits';
import type { LonLatBounds } from '../../imagery/tile-math';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import {
  createSceneIngest,
  INGEST_STALE_SECONDS,
  QUEUED_UNSENT_SECONDS,
  type IngestReport,
} from './scene-ingest';
import { createSceneIntake } from './scene-intake';
import { createSceneTiles, tileVersion } from './scene-tiles';
import { toAdminScene, toScene } from './scene-view';
import type { SceneRow, ScenesRepo } from './scenes.repo';
import { mayPublish, seesItem, seesUnpublished } from '../../policies';
import type { TileSigner } from './tile-signature';

/** Hands an ingest to whoever runs it: pg-boss in the server (`startJobs`). */
export type IngestDispatch = (sceneId: number) => Promise<void>;

export interface ScenesOptions {
  /** The date of the project's latest processed detection (the detections report owns it). */
  lastDetectDate: (user: AuthUser, projectId: number) => Promise<string | null>;
  /** Absent: ingests run in this process, in the background (tests, scripts). */
  dispatch?: IngestDispatch;
  limits?: ImageLimits;
  /** Signs the tile URLs of published scenes (served without a session, cacheable by a CDN). */
  signer: TileSigner;
  /** The clock of the tile server's lookup caches (default `Date.now`; tests move it). */
  clock?: () => number;
  /** The in-memory tile cache of this process, in MB (0: none). */
  tileCacheMb: number;
  /** The threads that tile the scenes (never the event loop that answers HTTP). */
  cpu: CpuPool;
  /** Runs once a scene has been tiled, inside its ingest (the alignment estimate); its failures are its own. */
  afterIngest?: (sceneId: number) => Promise<void>;
}

export interface LocalSceneFile {
  projectId: number;
  /** YYYY-MM-DD */
  date: string;
  filePath: string;
  cloud?: number | null;
  precision?: number | null;
  publish?: boolean;
  /** For PNG/JPEG files. */
  bounds?: LonLatBounds | null;
  modelPath?: string | null;
  /** Run the ingest now and return once the tiles are ready (demo loading, scripts). */
  wait?: boolean;
}

export interface SceneUpload {
  projectId: number;
  date: string;
  cloud: number | null;
  precision: number | null;
  publish: boolean;
  bounds: LonLatBounds | null;
  filePath: string;
  fileName: string;
  /** The other GeoTIFFs of a mosaic. */
  moreFiles?: ReadonlyArray<{ filePath: string; fileName: string }>;
  modelPath: string | null;
  modelName: string | null;
}

/** Accepts DDMMYYYY, DD/MM/YYYY or YYYY-MM-DD; returns YYYY-MM-DD of a real calendar day, or null. */
export function parseSceneDate(text: string): string | null {
  const trimmed = text.trim();
  const match =
    /^(\d{4})-(\d{2})-(\d{2})$/.exec(trimmed)?.slice(1) ??
    /^(\d{2})\/?(\d{2})\/?(\d{4})$/.exec(trimmed)?.slice(1).reverse();
  if (!match) return null;
  const [year, month, day] = match as [string, string, string];
  const iso = `${year}-${month}-${day}`;
  const parsed = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().startsWith(iso) ? iso : null;
}

export function parseBounds(text: string | undefined): LonLatBounds | null {
  if (!text || text.trim() === '') return null;
  const parts = text.split(',').map((part) => Number(part.trim()));
  const [west, south, east, north] = parts as [number, number, number, number];
  if (parts.length !== 4 || parts.some((part) => !Number.isFinite(part))) {
    throw unprocessable(
      'INVALID_BOUNDS',
      'Limites inválidos: use "oeste,sul,leste,norte" em graus (WGS 84).',
    );
  }
  return { west, south, east, north };
}

/** A refused file becomes a caller error (422/413) with the pipeline's pt-BR message. */
async function refusingBadFiles<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ImageryError) throw new AppError(error.status, error.code, error.message);
    throw error;
  }
}

export function createScenesService(
  repo: ScenesRepo,
  storage: Storage,
  projects: ProjectsService,
  {
    lastDetectDate,
    dispatch,
    limits = DEFAULT_IMAGE_LIMITS,
    signer,
    clock,
    cpu,
    afterIngest,
    tileCacheMb,
  }: ScenesOptions,
) {
  const registerFile = createSceneIntake(repo, storage, limits);
  const register = (input: Parameters<typeof registerFile>[0]) => refusingBadFiles(() => registerFile(input));
  const runIngest = createSceneIngest(repo, storage, limits, cpu, afterIngest);
  const tiles = createSceneTiles(repo, storage, projects, createArchiveReader(storage), {
    tileCacheMb,
    clock,
  });
  const running = new Set<Promise<unknown>>();
  const ingestInProcess: IngestDispatch = async (sceneId) => {
    const task = runIngest(sceneId)
      .catch(() => undefined)
      .finally(() => running.delete(task));
    running.add(task);
  };
  const enqueue = dispatch ?? ingestInProcess;

  // A published scene's tiles: a URL signed for the caller's session (no token in it), which a CDN may cache;
  // with no caller (a script's ingest) the URL is left unsigned.
  const withVersion =
    (user: AuthUser | null) =>
    (row: SceneRow): Scene => {
      const scene = toScene(row);
      let signature = '';
      if (row.published && user) {
        const signed = signer.sign(row.projectSpace, row.date, user.sessionId);
        signature = `&exp=${signed.expires}&s=${encodeURIComponent(user.sessionId)}&sig=${signed.signature}`;
      }
      return { ...scene, tileUrl: `${scene.tileUrl}?v=${tileVersion(row)}${signature}` };
    };

  async function sceneForUser(user: AuthUser, id: number): Promise<SceneRow> {
    const row = await repo.findById(id);
    const sceneNotFound = () => notFound(SCENE_MESSAGES.notFound, 'SCENE_NOT_FOUND');
    if (!row) throw sceneNotFound();
    await projects.assertAccess(user, row.projectId, 'map', sceneNotFound);
    if (!seesItem(user, row)) throw sceneNotFound();
    return row;
  }

  async function reload(id: number): Promise<SceneRow> {
    const row = await repo.findById(id);
    if (!row) throw notFound(SCENE_MESSAGES.notFound, 'SCENE_NOT_FOUND');
    return row;
  }

  return {
    tiles,
    tileSigner: signer,
    runIngest: (sceneId: number): Promise<IngestReport> => runIngest(sceneId),
    /** Scenes whose ingest died with its process (see scenes.jobs.ts). */
    stalledIngests: (): Promise<number[]> => repo.stalledIngests(INGEST_STALE_SECONDS),
    /** Scenes queued for over a minute: a crash may have come between writing the row and sending its job. */
    longQueuedIngests: (): Promise<number[]> => repo.queuedLongerThan(QUEUED_UNSENT_SECONDS),
    /** Resolves when every in-process ingest has finished (tests). */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    async listForProject(user: AuthUser, projectId: number): Promise<Scene[]> {
      await projects.assertAccess(user, projectId, 'map');
      return (await repo.listForProject(projectId, !seesUnpublished(user))).map(withVersion(user));
    },

    async lastScene(user: AuthUser, projectId: number): Promise<{ data: Scene | null }> {
      await projects.assertAccess(user, projectId, 'map');
      const [latest] = await repo.listForProject(projectId, !seesUnpublished(user));
      return { data: latest ? withVersion(user)(latest) : null };
    },

    async lastDetectionDate(user: AuthUser, projectId: number): Promise<{ detect_date: string | null }> {
      await projects.assertAccess(user, projectId, 'map');
      return { detect_date: await lastDetectDate(user, projectId) };
    },

    async update(
      user: AuthUser,
      id: number,
      changes: { approval_status?: boolean; offsetX?: number; offsetY?: number },
    ): Promise<Scene> {
      const row = await sceneForUser(user, id);
      if (changes.approval_status !== undefined && !mayPublish(user)) {
        throw forbidden('Somente administradores podem publicar ou desativar imagens.');
      }
      await repo.update(id, {
        ...(changes.approval_status !== undefined ? { published: changes.approval_status } : {}),
        ...(changes.offsetX !== undefined ? { offsetX: changes.offsetX } : {}),
        ...(changes.offsetY !== undefined ? { offsetY: changes.offsetY } : {}),
      });
      tiles.forget([id], []);
      return withVersion(user)(await reload(row.id));
    },

    /** Refuses (404) a scene the user may not see: another customer's, or unpublished for a non-ADMIN. */
    async assertSceneAccess(user: AuthUser, id: number): Promise<void> {
      await sceneForUser(user, id);
    },

    async listAll(withoutAnalysis = false): Promise<AdminScene[]> {
      if (withoutAnalysis) return (await repo.listWithoutAnalysis()).map(toAdminScene);
      return (await repo.listAll()).map(toAdminScene);
    },

    /** Before an upload's file is read: the project exists and the user may add scenes to it. */
    async assertCanUpload(user: AuthUser, projectId: number): Promise<void> {
      await projects.assertAccess(user, projectId);
    },

    async create(user: AuthUser, upload: SceneUpload): Promise<AdminScene> {
      await projects.assertAccess(user, upload.projectId);
      const row = await register({ ...upload });
      await enqueue(row.id);
      return toAdminScene(await reload(row.id));
    },

    /** Registers and ingests a file already on this machine (the demo loader and scripts use it). */
    async ingestLocalFile(input: LocalSceneFile): Promise<Scene> {
      const row = await register({
        projectId: input.projectId,
        date: input.date,
        cloud: input.cloud ?? null,
        precision: input.precision ?? null,
        publish: input.publish ?? true,
        filePath: input.filePath,
        fileName: input.filePath.split('/').pop() ?? 'original',
        bounds: input.bounds ?? null,
        modelPath: input.modelPath ?? null,
        modelName: input.modelPath ? (input.modelPath.split('/').pop() ?? null) : null,
      });
      if (input.wait) await runIngest(row.id);
      else await enqueue(row.id);
      return withVersion(null)(await reload(row.id));
    },

    async remove(ids: number[]): Promise<{ deleted: number }> {
      const rows = await repo.findByIds(ids);
      const deleted = await repo.deleteByIds(rows.map((row) => row.id));
      for (const row of rows) {
        const prefix = row.originalKey.slice(0, row.originalKey.lastIndexOf('/'));
        await storage.deletePrefix(prefix);
      }
      tiles.forget(
        rows.map((row) => row.id),
        rows.map((row) => row.archiveKey),
      );
      return { deleted };
    },
  };
}

export type ScenesService = ReturnType<typeof createScenesService>;
