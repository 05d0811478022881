/** The projects feature's public entry: what other features may use. */
export type { ProjectsService } from './projects.service';
