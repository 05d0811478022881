import { createSceneFieldsSchema, SCENE_MESSAGES, scenesApi } from '@mirante/shared';
import { notFound, unprocessable } from '../../http/app-error';
import type { SessionResolver } from '../../http/authorize';
import { SENT_RAW, type Router } from '../../http/route';
import { receiveUpload } from './scene-upload';
import { parseBounds, parseSceneDate, type ScenesService } from './scenes.service';
import type { TileHandler } from './tile-handler';
import { isSceneKey } from './tile-url';

export interface SceneFileRoutesOptions {
  maxUploadBytes: number;
  tiles: TileHandler;
  /** The session resolver of tiles and scene files, cached per token for a few seconds. */
  tileSessions: SessionResolver;
}

/** Upload (multipart), tiles, preview, original and 3D model: the scene routes that aren't plain JSON. */
export function registerSceneFileRoutes(
  route: Router,
  scenes: ScenesService,
  options: SceneFileRoutesOptions,
): void {
  const { tiles, tileSessions } = options;

  route(scenesApi.create, async ({ user, request }) => {
    const upload = await receiveUpload(request, options.maxUploadBytes, async (fields) => {
      const project = Number(fields.project);
      if (!Number.isInteger(project) || project <= 0) {
        throw unprocessable('VALIDATION', SCENE_MESSAGES.projectRequired);
      }
      await scenes.assertCanUpload(user, project);
    });
    try {
      const parsed = createSceneFieldsSchema.safeParse(upload.fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message =
          issue?.path[0] === 'date'
            ? SCENE_MESSAGES.dateRequired
            : issue?.path[0] === 'project'
              ? SCENE_MESSAGES.projectRequired
              : `${issue?.message ?? 'Dados inválidos.'} (${String(issue?.path[0] ?? '')})`;
        throw unprocessable('VALIDATION', message);
      }
      const date = parseSceneDate(parsed.data.date);
      if (!date) throw unprocessable('VALIDATION', SCENE_MESSAGES.dateRequired);
      const file = upload.files.file;
      if (!file) throw unprocessable('FILE_REQUIRED', SCENE_MESSAGES.fileRequired);
      const model = upload.files.model ?? null;
      const scene = await scenes.create(user, {
        projectId: parsed.data.project,
        date,
        cloud: parsed.data.cloud ?? null,
        precision: parsed.data.precision ?? null,
        publish: parsed.data.publishImage ?? false,
        bounds: parseBounds(parsed.data.bounds),
        filePath: file.path,
        fileName: file.name,
        moreFiles: upload.moreFiles.map((more) => ({ filePath: more.path, fileName: more.name })),
        modelPath: model?.path ?? null,
        modelName: model?.name ?? null,
      });
      return scene;
    } finally {
      await upload.cleanup();
    }
  });

  // On a running server the fast path (`fastPathServer`) answers tile requests before routing; this route
  // serves the same handler to injected requests and to tile-shaped URLs the fast path leaves alone.
  route(
    scenesApi.tile,
    async ({ request, reply }) => {
      reply.hijack();
      await tiles.serve(request.raw, reply.raw);
      return SENT_RAW;
    },
    { resolveSession: tileSessions },
  );

  const serveFile = (endpoint: typeof scenesApi.preview, kind: 'preview' | 'original' | 'model') =>
    route(
      endpoint,
      async ({ user, params }) => {
        if (!isSceneKey(params.space, params.date)) throw notFound(SCENE_MESSAGES.notFound);
        const file = await scenes.tiles.file(user, { space: params.space, date: params.date, kind });
        return {
          body: file.stream,
          contentType: file.contentType,
          size: file.size,
          etag: file.etag,
          cacheControl: 'private, max-age=86400',
          ...(kind === 'preview' ? {} : { downloadName: file.fileName }),
        };
      },
      { resolveSession: tileSessions },
    );
  serveFile(scenesApi.preview, 'preview');
  serveFile(scenesApi.original, 'original');
  serveFile(scenesApi.model, 'model');
}
