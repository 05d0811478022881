import { isAdmin } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/**
 * Whose ERP integration a user works on: an ADMIN any customer's (the one asked for, else his
 * own); everyone else only his own customer's, and asking for another answers as a missing customer. The
 * module allotment.integration is checked by the endpoint's access; allotment-only by the service.
 */
export function integrationCustomerOf(
  user: Pick<AuthUser, 'role' | 'customerId'>,
  requested: number | undefined,
): number | 'hidden' {
  if (isAdmin(user)) return requested ?? user.customerId;
  if (requested !== undefined && requested !== user.customerId) return 'hidden';
  return user.customerId;
}
