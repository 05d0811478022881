import { FINANCE_SETTINGS_MESSAGES, managesProjects } from '@mirante/shared';
import { forbidden } from '../http/app-error';
import type { AuthUser } from '../features/auth';

/** ADMIN and MANAGER change a portfolio's settings (the project's alert window); a USER only reads them. */
export const mayChangeFinanceSettings = (user: AuthUser): boolean => managesProjects(user);

export function assertMayChangeFinanceSettings(user: AuthUser): void {
  if (!mayChangeFinanceSettings(user)) throw forbidden(FINANCE_SETTINGS_MESSAGES.forbidden);
}
