import type { Db } from '../../db/database';

export interface ObservationRow {
  id: number;
  layerId: number;
  date: string;
  description: string;
  createdBy: number | null;
  createdByName: string | null;
  photoIds: number[];
}

export interface NewPhoto {
  storageKey: string;
  contentType: string;
  sizeBytes: number;
}

export function createObservationsRepo(db: Db) {
  const selectObservations = () =>
    db
      .selectFrom('layerObservations as o')
      .leftJoin('users as u', 'u.id', 'o.createdBy')
      .select((eb) => [
        'o.id',
        'o.layerId',
        'o.date',
        'o.description',
        'o.createdBy',
        'u.name as createdByName',
        eb
          .fn<number[]>('coalesce', [
            eb
              .selectFrom('layerObservationPhotos as p')
              .select((inner) => inner.fn<number[]>('array_agg', ['p.id']).as('ids'))
              .whereRef('p.observationId', '=', 'o.id'),
            eb.val<number[]>([]),
          ])
          .as('photoIds'),
      ]);

  return {
    async listForLayer(layerId: number): Promise<ObservationRow[]> {
      return selectObservations()
        .where('o.layerId', '=', layerId)
        .orderBy('o.date', 'desc')
        .orderBy('o.id', 'desc')
        .execute();
    },

    async find(layerId: number, id: number): Promise<ObservationRow | undefined> {
      return selectObservations().where('o.layerId', '=', layerId).where('o.id', '=', id).executeTakeFirst();
    },

    async insert(
      observation: { layerId: number; date: string; description: string; createdBy: number },
      photos: NewPhoto[],
    ): Promise<number> {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('layerObservations')
          .values(observation)
          .returning('id')
          .executeTakeFirstOrThrow();
        if (photos.length > 0) {
          await trx
            .insertInto('layerObservationPhotos')
            .values(photos.map((photo, position) => ({ ...photo, observationId: id, position })))
            .execute();
        }
        return id;
      });
    },

    async photoKeys(observationId: number): Promise<string[]> {
      const rows = await db
        .selectFrom('layerObservationPhotos')
        .select('storageKey')
        .where('observationId', '=', observationId)
        .execute();
      return rows.map((row) => row.storageKey);
    },

    async findPhoto(layerId: number, observationId: number, photoId: number) {
      return db
        .selectFrom('layerObservationPhotos as p')
        .innerJoin('layerObservations as o', 'o.id', 'p.observationId')
        .select(['p.storageKey', 'p.contentType', 'p.sizeBytes'])
        .where('p.id', '=', photoId)
        .where('o.id', '=', observationId)
        .where('o.layerId', '=', layerId)
        .executeTakeFirst();
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('layerObservations').where('id', '=', id).execute();
    },
  };
}

export type ObservationsRepo = ReturnType<typeof createObservationsRepo>;
