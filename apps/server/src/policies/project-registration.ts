import { isAdmin } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/**
 * Who registers, edits, archives and unarchives projects: the platform's ADMINs only. A customer's
 * MANAGER gives his users the projects he has; he does not create them.
 */
export function mayManageProjects(user: Pick<AuthUser, 'role'>): boolean {
  return isAdmin(user);
}
