import { notesApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { NotesService } from './notes.service';

/** The API calls: GET /notes, POST notes, GET /notes/categories, POST /notes/destroy, GET /notes/export(/). */
export function registerNoteRoutes(route: Router, notes: NotesService): void {
  route(notesApi.list, ({ user, query }) => notes.list(user, query.project_id, query.inspection_id));
  route(notesApi.save, ({ user, body }) => notes.save(user, body));
  route(notesApi.categories, ({ user, query }) => notes.categories(user, query.project_id));
  route(notesApi.destroy, ({ user, body }) =>
    notes.destroy(user, body.project_id, body.inspection_id, body.note_id),
  );
  for (const endpoint of [notesApi.export, notesApi.exportLink]) {
    route(endpoint, async ({ user, query }) => {
      const file = await notes.exportFile(user, query.inspection_id, query.extension);
      return {
        body: file.body,
        contentType: file.contentType,
        cacheControl: 'no-store',
        downloadName: file.filename,
      };
    });
  }
}
