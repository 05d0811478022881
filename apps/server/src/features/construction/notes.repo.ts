import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { NoteType } from '../../db/schema-construction';

/** A note with its category. */
export interface NoteRow {
  id: number;
  projectId: number;
  inspectionId: number;
  categoryId: number;
  categoryName: string;
  categoryColor: string;
  name: string;
  date: string;
  description: string;
  noteType: NoteType;
  geometry: unknown;
  area: number | null;
  volume: number;
}

export interface NoteValues {
  projectId: number;
  inspectionId: number;
  categoryId: number;
  name: string;
  date: string;
  description: string;
  noteType: NoteType;
  geometry: string;
  area: number | null;
  volume: number;
}

export interface CategoryRow {
  id: number;
  name: string;
  color: string;
}

/** All SQL of the notes and their categories. */
export function createNotesRepo(db: Db) {
  const withCategory = () =>
    db
      .selectFrom('notes')
      .innerJoin('noteCategories', 'noteCategories.id', 'notes.categoryId')
      .select([
        'notes.id',
        'notes.projectId',
        'notes.inspectionId',
        'notes.categoryId',
        'noteCategories.name as categoryName',
        'noteCategories.color as categoryColor',
        'notes.name',
        'notes.date',
        'notes.description',
        'notes.noteType',
        'notes.geometry',
        'notes.area',
        'notes.volume',
      ]);

  return {
    /** The inspection's notes, oldest first (the order they were written). */
    async list(inspectionId: number): Promise<NoteRow[]> {
      return withCategory().where('notes.inspectionId', '=', inspectionId).orderBy('notes.id').execute();
    },

    async find(id: number): Promise<NoteRow | undefined> {
      return withCategory().where('notes.id', '=', id).executeTakeFirst();
    },

    async categories(customerId: number): Promise<CategoryRow[]> {
      return db
        .selectFrom('noteCategories')
        .select(['id', 'name', 'color'])
        .where('customerId', '=', customerId)
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .execute();
    },

    async category(id: number, customerId: number): Promise<CategoryRow | undefined> {
      return db
        .selectFrom('noteCategories')
        .select(['id', 'name', 'color'])
        .where('id', '=', id)
        .where('customerId', '=', customerId)
        .executeTakeFirst();
    },

    /** The customer's category of that name (any case), created with `color` when there is none. */
    async categoryNamed(customerId: number, name: string, color: string): Promise<number> {
      const existing = await db
        .selectFrom('noteCategories')
        .select('id')
        .where('customerId', '=', customerId)
        .where(sql<boolean>`lower(name) = lower(${name})`)
        .executeTakeFirst();
      if (existing) return existing.id;
      const row = await db
        .insertInto('noteCategories')
        .values({ customerId, name, color })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async insert(values: NoteValues, createdBy: number): Promise<number> {
      const row = await db
        .insertInto('notes')
        .values({ ...values, createdBy })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async update(id: number, values: NoteValues): Promise<void> {
      await db
        .updateTable('notes')
        .set({ ...values, updatedAt: new Date() })
        .where('id', '=', id)
        .execute();
    },

    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('notes').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}

export type NotesRepo = ReturnType<typeof createNotesRepo>;

/** Runs `work` on a repo bound to one transaction. */
export const notesTransactionOn =
  (db: Db) =>
  <T>(work: (repo: NotesRepo) => Promise<T>): Promise<T> =>
    db.transaction().execute((trx) => work(createNotesRepo(trx)));
