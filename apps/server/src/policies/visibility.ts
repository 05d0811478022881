import { isAdmin } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/**
 * The one rule of what is not yet published (scenes, unapproved analyses and the lot statuses they wrote):
 * only an ADMIN sees it; to everyone else it does not exist (a 404, never a 403).
 */
export const seesUnpublished = (user: Pick<AuthUser, 'role'>): boolean => isAdmin(user);

/** Whether the user may see an item that is published or not. */
export const seesItem = (user: Pick<AuthUser, 'role'>, item: { published: boolean }): boolean =>
  item.published || seesUnpublished(user);

/** Publishing, approving and their reversal are the ADMIN's. */
export const mayPublish = (user: Pick<AuthUser, 'role'>): boolean => isAdmin(user);
