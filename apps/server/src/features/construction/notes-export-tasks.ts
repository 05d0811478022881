import type { Note } from '@mirante/shared';
import { notesCsv, notesXls } from './notes-export';

/** The notes download (CSV or .xls), written whole on a CPU pool thread. */
export const notesExportTasks = {
  async writeNotesExport(input: { notes: Note[]; extension: 'csv' | 'xls' }): Promise<Uint8Array> {
    return input.extension === 'csv' ? notesCsv(input.notes) : notesXls(input.notes);
  },
};
