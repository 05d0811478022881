export const ROLES = ['ADMIN', 'MANAGER', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador',
  MANAGER: 'Gerente',
  USER: 'Usuário',
};

export const USER_TYPES = ['TRIAL', 'CLIENT'] as const;
export type UserType = (typeof USER_TYPES)[number];

/** Whoever has a role: the signed-in user on the server, the credentials on the web, a listed user. */
export interface RoleHolder {
  role: Role;
}

// The role vocabulary: server policies and web screens ask these predicates, and the linter refuses comparing a
// role to a literal anywhere else, so a rule about roles is written once.

/** An ADMIN: sees every customer, every module and what is not yet published or approved. */
export const isAdmin = (who: RoleHolder): boolean => who.role === 'ADMIN';

/**
 * An ADMIN or a MANAGER: who manages the projects he sees (shares them, schedules their e-mailed reports, changes a
 * portfolio's settings); a USER only reads and receives.
 */
export const managesProjects = (who: RoleHolder): boolean => who.role === 'ADMIN' || who.role === 'MANAGER';

/** A USER: works within his own customer and edits nobody else. */
export const isPlainUser = (who: RoleHolder): boolean => who.role === 'USER';
