import { hasModule, type ModuleHolder } from '@mirante/shared';

/**
 * A lot's sale values and a project's default figures are the finance module's: shown to its holders (ADMIN holds
 * every module), hidden from everyone else. `null`: nobody signed in asked (a job or an export), nothing to hide.
 */
export const seesSaleValues = (user: ModuleHolder | null): boolean =>
  user === null || hasModule(user, 'allotment.finance');
