import multipart from '@fastify/multipart';
import {
  API_BASE_PATH,
  createSceneFieldsSchema,
  SCENE_MESSAGES,
  scenesApi,
  DOWNLOAD_ACCESS,
} from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { notFound, unprocessable } from '../../http/app-error';
import { authorize, type SessionResolver } from '../../http/authorize';
import { etagMatches } from '../../http/etag';
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
export async function registerSceneFileRoutes(
  app: FastifyInstance,
  scenes: ScenesService,
  resolveSession: SessionResolver,
  options: SceneFileRoutesOptions,
): Promise<void> {
  const { tiles, tileSessions } = options;

  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: options.maxUploadBytes } });

    scoped.post(`${API_BASE_PATH}${scenesApi.create.path}`, async (request, reply) => {
      const user = (await authorize(scenesApi.create.access, request, resolveSession))!;
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
          modelPath: model?.path ?? null,
          modelName: model?.name ?? null,
        });
        return reply.send(scene);
      } finally {
        await upload.cleanup();
      }
    });
  });

  // On a running server the fast path (`fastPathServer`) answers tile requests before routing; this route
  // serves the same handler to injected requests and to tile-shaped URLs the fast path leaves alone.
  app.get('/tiles/:space/:date/:z/:x/:file', (request, reply) => {
    reply.hijack();
    return tiles.serve(request.raw, reply.raw);
  });

  const fileKinds = { 'preview.png': 'preview', original: 'original', model: 'model' } as const;
  for (const [suffix, kind] of Object.entries(fileKinds)) {
    app.get<{ Params: { space: string; date: string } }>(
      `/tiles/:space/:date/${suffix}`,
      async (request, reply) => {
        const user = (await authorize(DOWNLOAD_ACCESS, request, tileSessions))!;
        if (!isSceneKey(request.params.space, request.params.date)) throw notFound(SCENE_MESSAGES.notFound);
        const file = await scenes.tiles.file(user, {
          space: request.params.space,
          date: request.params.date,
          kind,
        });
        reply.header('ETag', file.etag).header('Cache-Control', 'private, max-age=86400');
        if (etagMatches(request.headers['if-none-match'], file.etag)) {
          file.stream.destroy();
          return reply.status(304).send();
        }
        if (file.size !== null) reply.header('Content-Length', file.size);
        if (kind !== 'preview') {
          const asciiName = file.fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
          reply.header(
            'Content-Disposition',
            `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
          );
        }
        return reply.type(file.contentType).send(file.stream);
      },
    );
  }
}
