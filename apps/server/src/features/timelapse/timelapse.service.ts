import { randomUUID } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import {
  detectionTypeOf,
  keptTimelapseScenes,
  timelapseScenes,
  displayDate,
  TIMELAPSE_FORMATS,
  TIMELAPSE_MESSAGES,
  type Scene,
  type TimelapseExport,
  type TimelapseFormatAvailability,
  type TimelapseExportBody,
  type TimelapseFrameQuery,
} from '@mirante/shared';
import { AppError, notFound, unprocessable } from '../../http/app-error';
import type { CpuPool } from '../../cpu/cpu-pool';
import type { Storage } from '../../storage/storage';
import { seesUnpublished } from '../../policies';
import type { AuthUser } from '../auth';
import type { LayerRow, LayersService } from '../layers';
import type { ProjectsService } from '../projects';
import type { ScenesService } from '../scenes';
import { encodeFailure, failureMessage, frameFailure, TimelapseStepError } from './timelapse-failure';
import { timelapseFileName } from './timelapse-file-name';
import type { FrameOverlay, OverlayLot } from './timelapse-overlay';
import type { TimelapseExportRow, TimelapseRepo } from './timelapse.repo';
import { canWriteMp4 } from './timelapse-video';
import { frameSink } from './timelapse-sinks';
import { frameLayout, MAX_FRAME_TILE_ZOOM, type FrameBox, type FrameLayout } from './timelapse-view';

/** Exported files live here; the storage sweep removes them an hour later (an export is a download). */
const EXPORTS_PREFIX = 'jobs/timelapse';

export interface TimelapseOptions {
  repo: TimelapseRepo;
  projects: ProjectsService;
  scenes: ScenesService;
  layers: LayersService;
  storage: Storage;
  cpu: CpuPool;
  /** The `ffmpeg` that writes MP4 exports (the configuration's `FFMPEG_PATH`); without it MP4 is refused. */
  ffmpeg: string;
  /** Sends an export to the workers' queue; absent: it runs in this process, in the background (tests). */
  dispatch?: (exportId: number, user: AuthUser) => Promise<void>;
}

type Ring = Array<[number, number]>;

/** What a run needs of the request (camelCase: the database layer camel-cases the keys of JSON it reads). */
interface StoredRequest extends FrameBox {
  frameMs: number;
}
type LotShape = { row: LayerRow; polygons: Ring[][] };
/** A lot inside a view, its rings in frame pixels. */
type FramedLot = { shape: LotShape; rings: Array<Array<[number, number]>> };

function polygonsOf(geometry: unknown): Ring[][] {
  const shape = geometry as { type?: string; coordinates?: unknown };
  if (shape.type === 'Polygon') return [shape.coordinates as Ring[]];
  if (shape.type === 'MultiPolygon') return shape.coordinates as Ring[][];
  return [];
}

const lotLabel = (row: LayerRow) => (row.tagValue ? `Lote ${row.tagValue}` : row.name);

/**
 * Timelapses of a project's published scenes over a lot or a map view: single frames for the player and
 * animated WebP/GIF (sharp) and MP4 (ffmpeg) exports built by a worker. Frames are stitched from the stored tiles as the tile server
 * serves them (offsets applied) and drawn on the CPU pool.
 */
export function createTimelapseService(options: TimelapseOptions) {
  const { repo, projects, scenes, layers, storage, cpu, ffmpeg } = options;
  const running = new Set<Promise<unknown>>();

  async function lotShapes(projectId: number, admin: boolean): Promise<LotShape[]> {
    return (await layers.rowsOf(projectId, admin))
      .filter((row) => row.type === 'LOT')
      .map((row) => ({ row, polygons: polygonsOf(row.geoJson) }));
  }

  function followedLot(shapes: LotShape[], lotId: number | undefined): LotShape | undefined {
    if (lotId === undefined) return undefined;
    const lot = shapes.find((shape) => shape.row.id === lotId);
    if (!lot) throw notFound(TIMELAPSE_MESSAGES.lotNotFound, 'LAYER_NOT_FOUND');
    return lot;
  }

  /** The lots inside the view, in frame pixels (the same for every frame of a view). */
  function framedLots(layout: FrameLayout, shapes: LotShape[]): FramedLot[] {
    const framed: FramedLot[] = [];
    for (const shape of shapes) {
      const rings = shape.polygons.flatMap((polygon) =>
        polygon.map((ring) => ring.map(([lon, lat]) => layout.project(lon, lat))),
      );
      const xs = rings.flatMap((ring) => ring.map((point) => point[0]));
      const ys = rings.flatMap((ring) => ring.map((point) => point[1]));
      if (Math.max(...xs) < 0 || Math.min(...xs) > layout.width) continue;
      if (Math.max(...ys) < 0 || Math.min(...ys) > layout.height) continue;
      framed.push({ shape, rings });
    }
    return framed;
  }

  /** The frame's overlay: the framed lots coloured by their status on the scene's date, and the date. */
  async function overlayOf(
    user: AuthUser,
    projectId: number,
    layout: FrameLayout,
    lots: FramedLot[],
    scene: Scene,
    followed: LotShape | undefined,
    projectName: string,
  ): Promise<FrameOverlay> {
    const statuses = new Map(
      (await layers.statusesAt(user, projectId, scene.isoDate)).lots.map((lot) => [lot.id, lot.detect_type]),
    );
    const overlayLots: OverlayLot[] = lots.map(({ shape, rings }) => {
      const key = statuses.get(shape.row.id);
      return {
        rings,
        color: key ? (detectionTypeOf(key)?.color ?? null) : null,
        followed: shape === followed,
      };
    });
    const followedKey = followed ? statuses.get(followed.row.id) : undefined;
    const followedType = followedKey ? detectionTypeOf(followedKey) : undefined;
    return {
      width: layout.width,
      height: layout.height,
      lots: overlayLots,
      dateLabel: displayDate(scene.isoDate),
      title: followed ? `${projectName} · ${lotLabel(followed.row)}` : projectName,
      caption: followed ? (followedType?.name ?? 'Sem situação registrada') : '',
      captionColor: followedType?.color ?? null,
    };
  }

  /**
   * The stored tiles of `scene` under the frame, as the archive holds them, read at the frame's zoom or the
   * scene's native one if coarser, with the scene's offset applied (published scenes only, as anyone sees them).
   */
  async function sceneTilesOf(scene: Scene, box: FrameBox) {
    const source = await scenes.tiles.publishedTiles(scene.projectSpace, scene.isoDate);
    const layout = frameLayout(box, Math.min(MAX_FRAME_TILE_ZOOM, source.nativeZoom), source.offset);
    const read = await Promise.all(
      layout.tiles.map(async (tile) => {
        const stored = await source.tile(layout.zoom, tile.x, tile.y);
        // A copy on its own memory, moved to the CPU pool's thread.
        return stored ? { bytes: new Uint8Array(stored), left: tile.left, top: tile.top } : null;
      }),
    );
    return { layout, tiles: read.filter((tile) => tile !== null) };
  }

  async function composed(
    frame: { box: FrameBox; scene: Scene; overlay: Promise<FrameOverlay> },
    output: 'png' | 'webp' | 'raw',
  ): Promise<Uint8Array> {
    const [{ layout, tiles }, overlay] = await Promise.all([
      sceneTilesOf(frame.scene, frame.box),
      frame.overlay,
    ]);
    return cpu.run(
      'composeTimelapseFrame',
      {
        tiles,
        mosaicWidth: layout.mosaicWidth,
        mosaicHeight: layout.mosaicHeight,
        window: layout.window,
        overlay,
        output,
      },
      { transfer: tiles.map((tile) => tile.bytes.buffer as ArrayBuffer) },
    );
  }

  function toView(row: TimelapseExportRow): TimelapseExport {
    return {
      id: row.id,
      project_id: row.projectId,
      format: row.format,
      status: row.status,
      progress: row.progress,
      frames: row.sceneIds.length,
      file_name: row.fileName,
      error: row.error,
    };
  }

  async function ownExport(user: AuthUser, id: number): Promise<TimelapseExportRow> {
    const row = await repo.find(id);
    const missing = () => notFound(TIMELAPSE_MESSAGES.exportNotFound, 'TIMELAPSE_EXPORT_NOT_FOUND');
    if (!row || row.userId !== user.id) throw missing();
    // The project may have gone out of the user's reach since (archived, unlinked, module removed).
    await projects.assertAccess(user, row.projectId, 'map', missing);
    return row;
  }

  async function runExport(exportId: number, user: AuthUser): Promise<void> {
    const row = await repo.find(exportId);
    if (!row || !(await repo.claim(exportId))) return;
    try {
      const project = await projects.assertAccess(user, row.projectId, 'map');
      const request = row.request as StoredRequest;
      const byId = new Map(
        (await scenes.listForProject(user, row.projectId)).map((scene) => [scene.id, scene]),
      );
      const chosen = timelapseScenes(row.sceneIds.flatMap((id) => byId.get(id) ?? []));
      if (chosen.length === 0) throw unprocessable('TIMELAPSE_NO_SCENES', TIMELAPSE_MESSAGES.noScenes);
      const box: FrameBox = request;
      const layout = frameLayout(box);
      const shapes = await lotShapes(row.projectId, seesUnpublished(user));
      const followed = row.lotId === null ? undefined : shapes.find((shape) => shape.row.id === row.lotId);
      const lots = framedLots(layout, shapes);
      // Frames run on every thread of the pool at once, one more waiting for each thread while its tiles are
      // read; each goes to the file's sink as it is drawn (MP4: into ffmpeg at once; WebP/GIF: kept for the
      // one-pass encoding, last).
      const format = TIMELAPSE_FORMATS[row.format];
      const sink = await frameSink(cpu, {
        format: row.format,
        frames: chosen.length,
        width: layout.width,
        height: layout.height,
        frameMs: request.frameMs,
        ffmpeg,
      }).catch((error: unknown) => {
        throw encodeFailure(format.label, chosen.length, error);
      });
      let file: Uint8Array;
      try {
        let done = 0;
        let next = 0;
        const lanes = 2 * Math.max(1, cpu.threads);
        await Promise.all(
          Array.from({ length: lanes }, async () => {
            while (next < chosen.length) {
              const index = next;
              next += 1;
              const scene = chosen[index]!;
              const overlay = overlayOf(user, row.projectId, layout, lots, scene, followed, project.name);
              const frame = await composed({ box, scene, overlay }, sink.frameOutput).catch(
                (error: unknown) => {
                  throw frameFailure(displayDate(scene.isoDate), error);
                },
              );
              await sink.add(index, frame).catch((error: unknown) => {
                throw encodeFailure(format.label, chosen.length, error);
              });
              done += 1;
              await repo.progress(exportId, Math.floor((done / chosen.length) * 85));
            }
          }),
        );
        file = await sink.finish().catch((error: unknown) => {
          throw encodeFailure(format.label, chosen.length, error);
        });
      } catch (error) {
        await sink.abort();
        throw error;
      }
      const fileKey = `${EXPORTS_PREFIX}/${randomUUID()}.${format.extension}`;
      await storage.put(fileKey, Buffer.from(file)).catch((error: unknown) => {
        throw new TimelapseStepError(TIMELAPSE_MESSAGES.storeFailed, error);
      });
      await repo.ready(exportId, fileKey);
    } catch (error) {
      const { message, logged } = failureMessage(error);
      await repo.failed(exportId, message);
      if (logged) {
        const cause = error instanceof TimelapseStepError ? error.cause : error;
        process.stderr.write(
          `${JSON.stringify({ level: 50, msg: 'timelapse export failed', exportId, reason: message, err: String(cause) })}\n`,
        );
      }
    }
  }

  const runInProcess = async (exportId: number, user: AuthUser): Promise<void> => {
    const task = runExport(exportId, user)
      .catch(() => undefined)
      .finally(() => running.delete(task));
    running.add(task);
  };
  const dispatch = options.dispatch ?? runInProcess;

  return {
    runExport,

    /** Resolves when every in-process export has finished (tests). */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },

    /** One frame of the player: the scene over the view, with its date and the lots' statuses on it. */
    async frame(user: AuthUser, projectId: number, query: TimelapseFrameQuery): Promise<Buffer> {
      const project = await projects.assertAccess(user, projectId, 'map');
      const scene = timelapseScenes(await scenes.listForProject(user, projectId)).find(
        (candidate) => candidate.id === query.scene_id,
      );
      if (!scene) throw notFound(TIMELAPSE_MESSAGES.sceneNotInTimelapse, 'SCENE_NOT_FOUND');
      const shapes = await lotShapes(projectId, seesUnpublished(user));
      const followed = followedLot(shapes, query.lot_id);
      const layout = frameLayout(query);
      const overlay = overlayOf(
        user,
        projectId,
        layout,
        framedLots(layout, shapes),
        scene,
        followed,
        project.name,
      );
      return Buffer.from(await composed({ box: query, scene, overlay }, 'png'));
    },

    async startExport(
      user: AuthUser,
      projectId: number,
      body: TimelapseExportBody,
    ): Promise<TimelapseExport> {
      const project = await projects.assertAccess(user, projectId, 'map');
      if (body.format === 'mp4' && !(await canWriteMp4(ffmpeg)))
        throw unprocessable('TIMELAPSE_MP4_UNAVAILABLE', TIMELAPSE_MESSAGES.mp4Unavailable);
      const shapes = await lotShapes(projectId, seesUnpublished(user));
      const followed = followedLot(shapes, body.lot_id);
      const chosen = keptTimelapseScenes(await scenes.listForProject(user, projectId), body);
      if (chosen.length === 0) throw unprocessable('TIMELAPSE_NO_SCENES', TIMELAPSE_MESSAGES.noScenes);
      const row = await repo.insert({
        projectId,
        userId: user.id,
        lotId: followed?.row.id ?? null,
        format: body.format,
        request: {
          west: body.west,
          south: body.south,
          east: body.east,
          north: body.north,
          width: body.width,
          height: body.height,
          frameMs: body.frame_ms,
        } satisfies StoredRequest,
        sceneIds: chosen.map((scene) => scene.id),
        fileName: timelapseFileName({
          project: project.name,
          lot: followed ? lotLabel(followed.row) : null,
          first: chosen[0]!.isoDate,
          last: chosen.at(-1)!.isoDate,
          format: body.format,
        }),
      });
      await dispatch(row.id, user);
      return toView(row);
    },

    /** The formats this server writes now, and why one is not offered (MP4 without ffmpeg). */
    async formats(): Promise<TimelapseFormatAvailability[]> {
      const mp4 = await canWriteMp4(ffmpeg);
      return (Object.keys(TIMELAPSE_FORMATS) as Array<keyof typeof TIMELAPSE_FORMATS>).map((format) => {
        const available = format !== 'mp4' || mp4;
        return { format, available, reason: available ? null : TIMELAPSE_MESSAGES.mp4Unavailable };
      });
    },

    async status(user: AuthUser, id: number): Promise<TimelapseExport> {
      return toView(await ownExport(user, id));
    },

    async file(user: AuthUser, id: number): Promise<{ body: Buffer; contentType: string; fileName: string }> {
      const row = await ownExport(user, id);
      if (row.status !== 'ready' || !row.fileKey)
        throw new AppError(409, 'TIMELAPSE_EXPORT_NOT_READY', TIMELAPSE_MESSAGES.exportNotReady);
      if (!(await storage.exists(row.fileKey)))
        throw notFound(TIMELAPSE_MESSAGES.exportExpired, 'TIMELAPSE_EXPORT_NOT_FOUND');
      return {
        body: await buffer(await storage.getStream(row.fileKey)),
        contentType: TIMELAPSE_FORMATS[row.format].contentType,
        fileName: row.fileName,
      };
    },
  };
}

export type TimelapseService = ReturnType<typeof createTimelapseService>;
