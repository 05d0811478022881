import { managesProjects } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/**
 * Who hands a read-only view of a project to people without an account: an ADMIN or a MANAGER, on the projects
 * he sees (the project rules still apply). A USER neither creates, lists nor revokes share links.
 */
export const mayShareProjects = (user: Pick<AuthUser, 'role'>): boolean => managesProjects(user);
