import type { ModuleCode, Role } from '@mirante/shared';

/** The signed-in person as every feature sees them. */
export interface AuthUser {
  id: number;
  name: string;
  email: string;
  role: Role;
  customerId: number;
  groupId: number | null;
  active: boolean;
  modules: ModuleCode[];
  sessionId: string;
  fromToken: boolean;
}
