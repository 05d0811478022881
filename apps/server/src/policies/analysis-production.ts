import { isAdmin, type RoleHolder } from '@mirante/shared';
import { forbidden } from '../http/app-error';

/**
 * Producing an analysis is the platform's ADMIN's: running it, drawing or judging its proposals, setting lots'
 * statuses by hand and attaching its report. Customers read the approved result.
 */
export const mayProduceAnalyses = (user: RoleHolder): boolean => isAdmin(user);

export function assertMayProduceAnalyses(user: RoleHolder): void {
  if (!mayProduceAnalyses(user)) throw forbidden();
}
