import { hasAnyModule, type ModuleCode, type ProjectType } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/** What a call on inspections or notes needs: reading them, or writing one kind. */
export type ConstructionNeed = 'read' | 'inspections' | 'notes';

/** Reading: the map's sidebar (construction.map) and both pages show inspections and their notes. */
const READERS: readonly ModuleCode[] = ['construction.map', 'construction.inspections', 'construction.notes'];
const WRITERS: Record<Exclude<ConstructionNeed, 'read'>, ModuleCode> = {
  inspections: 'construction.inspections',
  notes: 'construction.notes',
};

/**
 * Inspections and notes exist only in construction projects. On a project the user sees: allowed
 * when it is a construction project and he holds a module for the need (ADMIN holds every one), else
 * `module-missing` (403, as any module the user lacks).
 */
export function constructionAccess(
  user: Pick<AuthUser, 'role' | 'modules'>,
  projectType: ProjectType,
  need: ConstructionNeed,
): 'allowed' | 'module-missing' {
  if (projectType !== 'CONSTRUCTION') return 'module-missing';
  const codes = need === 'read' ? READERS : [WRITERS[need]];
  return hasAnyModule(user, codes) ? 'allowed' : 'module-missing';
}

/** Whether the user reads inspections and notes in some project: an ADMIN, or a holder of a construction module. */
export function readsConstruction(user: Pick<AuthUser, 'role' | 'modules'>): boolean {
  return hasAnyModule(user, READERS);
}
