import multipart from '@fastify/multipart';
import { API_BASE_PATH, createSceneFieldsSchema, SCENE_MESSAGES, scenesApi } from '@mirante/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/auth-user';
import { unprocessable } from '../../http/app-error';
import { authorize, type SessionResolver } from '../../http/authorize';
import { receiveUpload } from './scene-upload';
import type { TileFormat } from './scene-tiles';
import { parseBounds, parseSceneDate, type ScenesService } from './scenes.service';

export interface SceneFileRoutesOptions {
  maxUploadBytes: number;
}

const SESSION_TTL_MS = 10_000;
const IMMUTABLE = 'private, max-age=31536000, immutable';
const REVALIDATE = 'private, max-age=300';

/**
 * A map asks for dozens of tiles per move; resolving the session once per token for a few seconds keeps
 * the database out of the tile path. (A revoked token keeps reading tiles for at most 10 s.)
 */
function cachedSessions(resolve: SessionResolver): SessionResolver {
  const cache = new Map<string, { user: AuthUser | null; until: number }>();
  return async (token) => {
    const now = Date.now();
    const hit = cache.get(token);
    if (hit && hit.until > now) return hit.user;
    const user = await resolve(token);
    if (cache.size > 10_000) cache.clear();
    cache.set(token, { user, until: now + SESSION_TTL_MS });
    return user;
  };
}

function parseTileFile(file: string): { y: number; format: TileFormat } | null {
  const match = /^(\d+)\.(png|webp)$/.exec(file);
  return match ? { y: Number(match[1]), format: match[2] as TileFormat } : null;
}

function notModified(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  return typeof header === 'string' && header.split(',').some((value) => value.trim() === etag);
}

/** Upload (multipart), tiles, preview, original and 3D model: the scene routes that aren't plain JSON. */
export async function registerSceneFileRoutes(
  app: FastifyInstance,
  scenes: ScenesService,
  resolveSession: SessionResolver,
  options: SceneFileRoutesOptions,
): Promise<void> {
  const tileSessions = cachedSessions(resolveSession);

  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: options.maxUploadBytes } });

    scoped.post(`${API_BASE_PATH}${scenesApi.create.path}`, async (request, reply) => {
      const user = (await authorize(scenesApi.create.access, request, resolveSession))!;
      const upload = await receiveUpload(request, options.maxUploadBytes);
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

  app.get<{
    Params: { space: string; date: string; z: string; x: string; file: string };
    Querystring: { v?: string };
  }>('/tiles/:space/:date/:z/:x/:file', async (request, reply: FastifyReply) => {
    const user = (await authorize({ kind: 'session' }, request, tileSessions))!;
    const tileFile = parseTileFile(request.params.file);
    const z = Number(request.params.z);
    const x = Number(request.params.x);
    if (!tileFile || !Number.isInteger(z) || !Number.isInteger(x)) {
      return reply
        .status(404)
        .send({ statusCode: 404, code: 'TILE_NOT_FOUND', message: 'Tile inexistente.' });
    }
    const tile = await scenes.tiles.tile(user, {
      space: request.params.space,
      date: request.params.date,
      z,
      x,
      y: tileFile.y,
      format: tileFile.format,
      version: request.query.v,
    });
    reply.headers({
      etag: tile.etag,
      'cache-control': tile.immutable ? IMMUTABLE : REVALIDATE,
      vary: 'Authorization',
    });
    if (notModified(request, tile.etag)) return reply.status(304).send();
    return reply.header('content-type', tile.contentType).send(tile.body);
  });

  const fileKinds = { 'preview.png': 'preview', original: 'original', model: 'model' } as const;
  for (const [suffix, kind] of Object.entries(fileKinds)) {
    app.get<{ Params: { space: string; date: string } }>(
      `/tiles/:space/:date/${suffix}`,
      async (request, reply) => {
        const user = (await authorize({ kind: 'session' }, request, tileSessions))!;
        const file = await scenes.tiles.file(user, {
          space: request.params.space,
          date: request.params.date,
          kind,
        });
        reply.header('ETag', file.etag).header('Cache-Control', 'private, max-age=86400');
        if (notModified(request, file.etag)) {
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
