import { notesApi, XLS_CONTENT_TYPE } from '@mirante/shared';
import type { Router } from '../../http/route';
import { notesCsv, notesXls } from './notes-export';
import type { NotesService } from './notes.service';

/** Spec 7: GET /notes, POST notes, GET /notes/categories, POST /notes/destroy, GET /notes/export(/). */
export function registerNoteRoutes(route: Router, notes: NotesService): void {
  route(notesApi.list, ({ user, query }) => notes.list(user, query.project_id, query.inspection_id));
  route(notesApi.save, ({ user, body }) => notes.save(user, body));
  route(notesApi.categories, ({ user, query }) => notes.categories(user, query.project_id));
  route(notesApi.destroy, ({ user, body }) =>
    notes.destroy(user, body.project_id, body.inspection_id, body.note_id),
  );
  for (const endpoint of [notesApi.export, notesApi.exportLink]) {
    route(endpoint, async ({ user, query }) => {
      const { notes: rows } = await notes.forExport(user, query.inspection_id);
      const csv = query.extension === 'csv';
      return {
        body: csv ? notesCsv(rows) : notesXls(rows),
        contentType: csv ? 'text/csv; charset=utf-8' : XLS_CONTENT_TYPE,
        cacheControl: 'no-store',
        downloadName: `anotacoes.${query.extension}`,
      };
    });
  }
}
