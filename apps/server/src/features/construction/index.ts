/** The construction feature's public entry: what other features may use. */
export type { NotesService } from './notes.service';
export { measureNoteShape } from './note-geometry';
