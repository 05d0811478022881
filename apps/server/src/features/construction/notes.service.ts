import type { Readable } from 'node:stream';
import {
  NOTE_MESSAGES,
  noteGeometrySchema,
  type Note,
  type NoteCategory,
  type SaveNote,
  XLS_CONTENT_TYPE,
} from '@mirante/shared';
import { forbidden, notFound } from '../../http/app-error';
import { readsConstruction } from '../../policies';
import type { AuthUser } from '../auth';
import type { ConstructionGuard } from './construction-access';
import type { InspectionsService } from './inspections.service';
import { measureNoteShape } from './note-geometry';
import { notesCsv, notesXls } from './notes-export';
import type { NoteRow, NotesRepo } from './notes.repo';

const noteNotFound = () => notFound(NOTE_MESSAGES.notFound, 'NOTE_NOT_FOUND');
const moduleMissing = () => forbidden('Módulo não disponível para este usuário.', 'MODULE_NOT_AVAILABLE');
const categoryNotFound = () => notFound(NOTE_MESSAGES.categoryNotFound, 'NOTE_CATEGORY_NOT_FOUND');

export function toNote(row: NoteRow): Note {
  const geometry = noteGeometrySchema.parse(row.geometry);
  return {
    id: row.id,
    name: row.name,
    date: row.date,
    description: row.description,
    category_id: row.categoryId,
    category_name: row.categoryName,
    category_color: row.categoryColor,
    note_type: row.noteType,
    area: row.area,
    volume: row.volume,
    geoJsonData: geometry,
    inspectionId: row.inspectionId,
    layerGeojson: {
      type: 'Feature',
      properties: { id: row.id, note_type: row.noteType, color: row.categoryColor },
      geometry,
    },
  };
}

export interface NotesDeps {
  repo: NotesRepo;
  inTransaction<T>(work: (repo: NotesRepo) => Promise<T>): Promise<T>;
  inspections: InspectionsService;
  guard: ConstructionGuard;
}

/** Notes drawn over an inspection: categories per customer, measures from the drawing. */
export function createNotesService({ repo, inTransaction, inspections, guard }: NotesDeps) {
  /** The note of that inspection, or the 404 of a missing one. */
  async function noteOf(noteId: number, inspectionId: number): Promise<NoteRow> {
    const note = await repo.find(noteId);
    if (!note || note.inspectionId !== inspectionId) throw noteNotFound();
    return note;
  }

  return {
    async list(user: AuthUser, projectId: number, inspectionId: number): Promise<Note[]> {
      const { project } = await inspections.get(user, inspectionId, projectId);
      guard.require(user, project, 'read');
      return (await repo.list(inspectionId)).map(toNote);
    },

    /** A customer's note categories: the project's customer's, or without a project the user's own customer's. */
    async categories(user: AuthUser, projectId: number | undefined): Promise<NoteCategory[]> {
      if (projectId === undefined) {
        if (!readsConstruction(user)) throw moduleMissing();
        return repo.categories(user.customerId);
      }
      const project = await guard.visible(user, projectId);
      guard.require(user, project, 'read');
      return repo.categories(project.customerId);
    },

    /**
     * Creates a note on the inspection (or changes `noteId`, which must be one of its notes). The shape is
     * checked and measured here; a new category and the note are written together or not at all.
     */
    async save(user: AuthUser, input: SaveNote): Promise<Note> {
      const { inspection, project } = await inspections.get(user, input.inspectionId);
      if (input.noteId !== undefined) await noteOf(input.noteId, inspection.id);
      if (input.categoryId !== undefined && !(await repo.category(input.categoryId, project.customerId)))
        throw categoryNotFound();
      guard.require(user, project, 'notes');
      const area = measureNoteShape(input.noteType, input.layerGeojson, input.layer);
      const id = await inTransaction(async (trx) => {
        const categoryId =
          input.categoryId ??
          (await trx.categoryNamed(project.customerId, input.categoryName ?? '', input.categoryColor ?? ''));
        const values = {
          projectId: project.id,
          inspectionId: inspection.id,
          categoryId,
          name: input.name,
          date: input.date,
          description: input.description,
          noteType: input.noteType,
          geometry: JSON.stringify(input.layerGeojson),
          area,
          volume: input.volume,
        };
        if (input.noteId === undefined) return trx.insert(values, user.id);
        await trx.update(input.noteId, values);
        return input.noteId;
      });
      const saved = await repo.find(id);
      if (!saved) throw noteNotFound();
      return toNote(saved);
    },

    async destroy(user: AuthUser, projectId: number, inspectionId: number, noteId: number) {
      const { project } = await inspections.get(user, inspectionId, projectId);
      await noteOf(noteId, inspectionId);
      guard.require(user, project, 'notes');
      if (!(await repo.remove(noteId))) throw noteNotFound();
      return { id: noteId };
    },

    /** An inspection's notes with its project, for the geometry exports (the same checks as exportFile). */
    async forExport(user: AuthUser, inspectionId: number) {
      const { project, inspection } = await inspections.get(user, inspectionId);
      guard.require(user, project, 'read');
      return { project, inspection, notes: (await repo.list(inspectionId)).map(toNote) };
    },

    /** The notes of an inspection as a CSV or .xls download. */
    async exportFile(
      user: AuthUser,
      inspectionId: number,
      extension: 'csv' | 'xls',
    ): Promise<{ body: Buffer | Readable; contentType: string; filename: string }> {
      const { project } = await inspections.get(user, inspectionId);
      guard.require(user, project, 'read');
      const notes = (await repo.list(inspectionId)).map(toNote);
      const csv = extension === 'csv';
      return {
        body: csv ? notesCsv(notes) : notesXls(notes),
        contentType: csv ? 'text/csv; charset=utf-8' : XLS_CONTENT_TYPE,
        filename: `anotacoes.${extension}`,
      };
    },
  };
}

export type NotesService = ReturnType<typeof createNotesService>;
