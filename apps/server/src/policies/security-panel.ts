import { SECURITY_MESSAGES, hasAnyModule, isAdmin, isPlainUser, type ModuleCode } from '@mirante/shared';
import { forbidden, unprocessable } from '../http/app-error';
import type { AuthUser } from '../features/auth';

const SECURITY_MODULES: readonly ModuleCode[] = [
  'allotment.security',
  'construction.security',
  'environment.security',
];

/**
 * The security panel is open to ADMIN and to a MANAGER or USER holding a security module. Listings are
 * customer-wide, so any of the three project types' security modules is enough.
 */
export function assertSecurityAccess(user: AuthUser): void {
  if (!hasAnyModule(user, SECURITY_MODULES)) {
    throw forbidden('Módulo não disponível para o seu usuário.', 'MODULE_NOT_AVAILABLE');
  }
}

/** The customer whose data the caller sees: null (all) for ADMIN, else their own. */
export const customerScopeOf = (user: AuthUser): number | null => (isAdmin(user) ? null : user.customerId);

/** The customer a new or edited user/group belongs to: forced for USER, required otherwise. */
export function targetCustomerOf(user: AuthUser, requested: number | undefined): number {
  if (isPlainUser(user)) return user.customerId;
  if (requested === undefined) throw unprocessable('VALIDATION', SECURITY_MESSAGES.customerRequired);
  if (!isAdmin(user) && requested !== user.customerId) {
    throw forbidden('Você só pode gerenciar usuários e grupos do seu cliente.', 'OTHER_CUSTOMER');
  }
  return requested;
}

/** Nobody grants (or edits a group holding) a module they do not hold themselves, except ADMIN. */
export function assertHoldsModules(user: AuthUser, codes: readonly ModuleCode[]): void {
  if (isAdmin(user)) return;
  if (codes.some((code) => !user.modules.includes(code))) {
    throw forbidden('Você não pode conceder um módulo que não possui.', 'MODULE_NOT_HELD');
  }
}
