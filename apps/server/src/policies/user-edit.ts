import { ROLE_LABELS, isAdmin, type Role } from '@mirante/shared';
import { forbidden } from '../http/app-error';
import type { AuthUser } from '../features/auth';

/**
 * Who may edit whom in the security panel — every rule in one place (see docs/ARCHITECTURE.md §8):
 * - an ADMIN edits anyone; anybody else edits himself or a user of a LOWER role (a USER edits nobody else,
 *   a MANAGER edits USERs, never a peer MANAGER);
 * - nobody but an ADMIN sets roles;
 * - nobody inactivates himself, nor adds himself to projects; a non-ADMIN grants only projects he has;
 * - a user inactivated by a higher role is re-activated only by that role (or above).
 * Changing someone's e-mail notifies the old address and ends his sessions (users.service).
 */
const ROLE_RANK: Record<Role, number> = { USER: 1, MANAGER: 2, ADMIN: 3 };

export const USER_EDIT_MESSAGES = {
  roleNotBelow: 'Você só pode alterar usuários de perfil inferior ao seu.',
  roleChange: 'Somente um administrador pode alterar o perfil de um usuário.',
  selfInactivation: 'Você não pode inativar o seu próprio usuário.',
  selfProjects: 'Você não pode se incluir em projetos.',
  projectNotHeld: 'Você só pode conceder acesso aos projetos que você possui.',
  reactivation: (role: Role) =>
    `Este usuário foi inativado por um perfil superior ao seu (${ROLE_LABELS[role]}) e só ele pode reativá-lo.`,
} as const;

/** The user being edited, as the rules need him. */
export interface EditTarget {
  id: number;
  role: Role;
  status: boolean;
  inactivatedByRole: Role | null;
}

/** An ADMIN edits anyone; others edit themselves or a user of a lower role. */
export function assertMayEdit(caller: AuthUser, target: Pick<EditTarget, 'id' | 'role'>): void {
  if (isAdmin(caller) || caller.id === target.id) return;
  if (ROLE_RANK[target.role] >= ROLE_RANK[caller.role]) {
    throw forbidden(USER_EDIT_MESSAGES.roleNotBelow, 'ROLE_NOT_BELOW_CALLER');
  }
}

/** Only an ADMIN sets roles: everyone else creates USERs and leaves roles as they are. */
export function assertMaySetRole(caller: AuthUser, requested: Role | undefined, current: Role): void {
  if (!isAdmin(caller) && requested !== undefined && requested !== current) {
    throw forbidden(USER_EDIT_MESSAGES.roleChange, 'ROLE_CHANGE');
  }
}

/**
 * Projects given to a user (`added`: those he did not have): nobody adds himself to projects, and a non-ADMIN
 * grants only projects he has himself (`callerProjectIds`), so no one widens his reach through another account.
 */
export function assertMayGrantProjects(
  caller: AuthUser,
  targetId: number | null,
  added: readonly number[],
  callerProjectIds: readonly number[],
): void {
  if (added.length === 0) return;
  if (targetId === caller.id) throw forbidden(USER_EDIT_MESSAGES.selfProjects, 'SELF_PROJECTS');
  if (isAdmin(caller)) return;
  if (added.some((id) => !callerProjectIds.includes(id))) {
    throw forbidden(USER_EDIT_MESSAGES.projectNotHeld, 'PROJECT_NOT_HELD');
  }
}

/** Status changes: never oneself; re-activation only by the role that inactivated (or above). */
export function assertMaySetStatus(caller: AuthUser, target: EditTarget, status: boolean | undefined): void {
  if (status === undefined || status === target.status) return;
  if (caller.id === target.id) throw forbidden(USER_EDIT_MESSAGES.selfInactivation, 'SELF_INACTIVATION');
  const closedBy = target.inactivatedByRole;
  if (status && closedBy !== null && ROLE_RANK[closedBy] > ROLE_RANK[caller.role]) {
    throw forbidden(USER_EDIT_MESSAGES.reactivation(closedBy), 'REACTIVATION_BY_HIGHER_ROLE');
  }
}
