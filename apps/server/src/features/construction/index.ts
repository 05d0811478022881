/** The construction feature's public entry: what other features may use. */
export type { NotesService } from './notes.service';
export { measureNoteShape } from './note-geometry';
export { volumeOnModel } from './volume/volume-on-model';
