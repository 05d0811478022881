import type { ModuleCode } from './modules';
import { isAdmin, type RoleHolder } from './roles';

/** Whoever may hold modules: the signed-in user on the server, the credentials on the web. */
export interface ModuleHolder extends RoleHolder {
  modules: readonly ModuleCode[];
}

/** An ADMIN holds every module; anybody else holds those of his group. */
export const hasModule = (holder: ModuleHolder, module: ModuleCode): boolean =>
  isAdmin(holder) || holder.modules.includes(module);

/** Holds at least one of the modules. */
export const hasAnyModule = (holder: ModuleHolder, modules: readonly ModuleCode[]): boolean =>
  modules.some((module) => hasModule(holder, module));
