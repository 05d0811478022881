import { hasModule, isAdmin, moduleFor, type ProjectType } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/** The projects a user may see, as the projects repo filters them. */
export interface ProjectScope {
  /** null: every project (ADMIN). */
  userId: number | null;
  customerId: number | null;
  /** Archived projects are the ADMIN's alone: for anyone else they are as missing (404). */
  includeArchived: boolean;
}

/**
 * ADMIN sees every project, archived ones included; everyone else only the projects linked to him, within his
 * own customer, and not archived.
 */
export function projectScopeOf(user: Pick<AuthUser, 'id' | 'role' | 'customerId'>): ProjectScope {
  return isAdmin(user)
    ? { userId: null, customerId: null, includeArchived: true }
    : { userId: user.id, customerId: user.customerId, includeArchived: false };
}

/**
 * What a user may do with a project (or a row inside it) for a module family (`map`, `detections`…):
 * - `hidden` when the project is outside his scope (`visible` undefined): answered 404, exactly as a missing
 *   id, so another customer's ids reveal nothing;
 * - `module-missing` when he sees the project but lacks the family's module for its type: answered 403, the
 *   project being no secret to him; ADMIN holds every module;
 * - `allowed` otherwise.
 */
export function projectAccess(
  user: Pick<AuthUser, 'role' | 'modules'>,
  visible: { projectType: ProjectType } | undefined,
  family?: string,
): 'allowed' | 'hidden' | 'module-missing' {
  if (!visible) return 'hidden';
  if (!family || isAdmin(user)) return 'allowed';
  const code = moduleFor(visible.projectType, family);
  return code && hasModule(user, code) ? 'allowed' : 'module-missing';
}
