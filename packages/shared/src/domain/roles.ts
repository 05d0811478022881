export const ROLES = ['ADMIN', 'MANAGER', 'USER'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador',
  MANAGER: 'Gerente',
  USER: 'Usuário',
};

export const USER_TYPES = ['TRIAL', 'CLIENT'] as const;
export type UserType = (typeof USER_TYPES)[number];

/**
 * An ADMIN or a MANAGER: who manages the projects he sees (shares them, schedules their e-mailed reports, changes a
 * portfolio's settings); a USER only reads and receives.
 */
export const managesProjects = (role: Role): boolean => role === 'ADMIN' || role === 'MANAGER';
