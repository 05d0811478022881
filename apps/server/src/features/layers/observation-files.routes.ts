import multipart from '@fastify/multipart';
import { API_BASE_PATH, id, layersApi, OBSERVATION_LIMITS, DOWNLOAD_ACCESS } from '@mirante/shared';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../http/app-error';
import { authorize, type SessionResolver } from '../../http/authorize';
import { receiveObservation } from './observation-upload';
import type { ObservationsService } from './observations.service';

const idRule = id();
/** A path id by the contract's rule (positive int32); anything else names nothing: 404. */
const positiveId = (text: string): number => {
  const parsed = idRule.safeParse(text);
  if (!parsed.success) throw notFound();
  return parsed.data;
};

/** `POST /layer/:layerId/obs` (multipart) and the observation photos (session via header or `api_token`). */
export async function registerObservationFileRoutes(
  app: FastifyInstance,
  observations: ObservationsService,
  resolveSession: SessionResolver,
): Promise<void> {
  await app.register(async (scoped) => {
    await scoped.register(multipart, { limits: { fileSize: OBSERVATION_LIMITS.maxImageBytes } });
    scoped.post<{ Params: { layerId: string } }>(
      `${API_BASE_PATH}${layersApi.createObservation.path}`,
      async (request, reply) => {
        const user = (await authorize(layersApi.createObservation.access, request, resolveSession))!;
        const layerId = positiveId(request.params.layerId);
        await observations.assertCanAdd(user, layerId);
        const upload = await receiveObservation(request);
        try {
          return reply.send(await observations.create(user, layerId, upload.fields, upload.images));
        } finally {
          await upload.cleanup();
        }
      },
    );
  });

  app.get<{ Params: { layerId: string; obsId: string; photoId: string } }>(
    `${API_BASE_PATH}/layer/:layerId/obs/:obsId/photos/:photoId`,
    async (request, reply) => {
      const user = (await authorize(DOWNLOAD_ACCESS, request, resolveSession))!;
      const photo = await observations.photo(
        user,
        positiveId(request.params.layerId),
        positiveId(request.params.obsId),
        positiveId(request.params.photoId),
      );
      reply.header('Cache-Control', 'private, max-age=86400').header('Content-Length', photo.size);
      return reply.type(photo.contentType).send(photo.stream);
    },
  );
}
