import { MESSAGES } from '@mirante/shared';
import { statusOf } from '../../shared/api/ApiError';

/** The error catalogue, login: 401 / 403 / anything else. */
export function loginErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 401) return MESSAGES.invalidCredentials;
  if (status === 403) return MESSAGES.inactiveAccountNotice;
  return MESSAGES.serverError;
}

/** The error catalogue, recovery: 404 / 403 / anything else. */
export function recoveryErrorMessage(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return MESSAGES.userNotFound;
  if (status === 403) return MESSAGES.noDeveloperAccess;
  return MESSAGES.serverError;
}
