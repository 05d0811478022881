import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { API_BASE_PATH, MAP_MESSAGES, observationFieldsSchema, type Observation } from '@mirante/shared';
import { forbidden, notFound, unprocessable } from '../../http/app-error';
import { discardUnlessMaybeCommitted } from '../../storage/discard-uncommitted';
import type { Storage } from '../../storage/storage';
import type { AuthUser } from '../auth';
import type { ProjectsService } from '../projects';
import type { LayersRepo } from './layers.repo';
import { checkPhoto } from './observation-photo';
import type { ReceivedImage } from './observation-upload';
import type { ObservationRow, ObservationsRepo } from './observations.repo';

/** Today in Brazil (the product's users), YYYY-MM-DD. */
export function todayInBrazil(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
}

export function createObservationsService(
  repo: ObservationsRepo,
  layers: LayersRepo,
  projects: ProjectsService,
  storage: Storage,
) {
  async function assertLayerAccess(user: AuthUser, layerId: number): Promise<number> {
    const layer = await layers.findById(layerId);
    const layerNotFound = () => notFound(MAP_MESSAGES.layerNotFound, 'LAYER_NOT_FOUND');
    if (!layer) throw layerNotFound();
    await projects.assertAccess(user, layer.projectId, 'map', layerNotFound);
    return layer.projectId;
  }

  const toObservation = (user: AuthUser, row: ObservationRow): Observation => ({
    id: row.id,
    date: row.date,
    description: row.description,
    photos: row.photoIds
      .sort((a, b) => a - b)
      .map((photoId) => `${API_BASE_PATH}/layer/${row.layerId}/obs/${row.id}/photos/${photoId}`),
    created_by: row.createdByName,
    created_by_me: row.createdBy === user.id,
  });

  return {
    /** Before an upload's body is read: the layer exists and the user may add observations to it. */
    async assertCanAdd(user: AuthUser, layerId: number): Promise<void> {
      await assertLayerAccess(user, layerId);
    },

    /** For GET layer/:id (access already checked by the caller). */
    async listForLayer(user: AuthUser, layerId: number): Promise<Observation[]> {
      return (await repo.listForLayer(layerId)).map((row) => toObservation(user, row));
    },

    async create(
      user: AuthUser,
      layerId: number,
      fields: Record<string, string>,
      images: ReceivedImage[],
    ): Promise<Observation> {
      const projectId = await assertLayerAccess(user, layerId);
      const parsed = observationFieldsSchema.safeParse(fields);
      if (!parsed.success)
        throw unprocessable('VALIDATION', parsed.error.issues[0]?.message ?? MAP_MESSAGES.requestFailed);
      const { date, description } = parsed.data;
      if (Number.isNaN(Date.parse(`${date}T00:00:00Z`)))
        throw unprocessable('VALIDATION', MAP_MESSAGES.obsDateRequired);
      if (date > todayInBrazil()) throw unprocessable('VALIDATION', MAP_MESSAGES.obsDateFuture);
      const checked = [];
      // One at a time: each decode may take up to PHOTO_MAX_PIXELS of memory.
      for (const image of images) checked.push(await checkPhoto(image));

      const folder = `observations/p${projectId}/l${layerId}/${randomBytes(8).toString('hex')}`;
      const photos = [];
      // The files first, the row that names them last: a reader never finds a row without its files.
      let id: number;
      try {
        for (const [index, photo] of checked.entries()) {
          const storageKey = `${folder}/${index}.${photo.extension}`;
          await storage.putFile(storageKey, photo.path);
          photos.push({ storageKey, contentType: photo.contentType, sizeBytes: photo.size });
        }
        id = await repo.insert({ layerId, date, description, createdBy: user.id }, photos);
      } catch (error) {
        await discardUnlessMaybeCommitted(storage, folder, error);
        throw error;
      }
      // Committed: whatever happens from here, the files belong to the row.
      const row = await repo.find(layerId, id);
      return toObservation(user, row!);
    },

    /** Users delete only observations they created. */
    async remove(user: AuthUser, layerId: number, observationId: number): Promise<{ id: number }> {
      await assertLayerAccess(user, layerId);
      const row = await repo.find(layerId, observationId);
      if (!row) throw notFound(MAP_MESSAGES.observationNotFound, 'OBSERVATION_NOT_FOUND');
      if (row.createdBy !== user.id) throw forbidden(MAP_MESSAGES.obsNotOwner, 'NOT_OWNER');
      const keys = await repo.photoKeys(observationId);
      await repo.remove(observationId);
      await Promise.all(keys.map((key) => storage.delete(key).catch(() => undefined)));
      return { id: observationId };
    },

    async photo(
      user: AuthUser,
      layerId: number,
      observationId: number,
      photoId: number,
    ): Promise<{ stream: Readable; contentType: string; size: number }> {
      await assertLayerAccess(user, layerId);
      const photo = await repo.findPhoto(layerId, observationId, photoId);
      if (!photo) throw notFound('Foto não encontrada.', 'PHOTO_NOT_FOUND');
      return {
        stream: await storage.getStream(photo.storageKey),
        contentType: photo.contentType,
        size: photo.sizeBytes,
      };
    },
  };
}

export type ObservationsService = ReturnType<typeof createObservationsService>;
