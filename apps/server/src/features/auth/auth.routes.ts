import { authApi, MESSAGES } from '@mirante/shared';
import { tokenFromRequest } from '../../http/authorize';
import type { Router } from '../../http/route';
import type { AuthService } from './auth.service';

export function registerAuthRoutes(
  route: Router,
  auth: AuthService,
  limits: { loginPerMinute: number },
): void {
  const rateLimited = { rateLimitPerMinute: limits.loginPerMinute };

  route(
    authApi.login,
    ({ body }) =>
      'token' in body ? auth.loginWithAccessToken(body.token) : auth.login(body.email, body.password),
    rateLimited,
  );

  route(authApi.restoreSession, ({ user, request }) =>
    auth.restoreSession(user, tokenFromRequest(request) ?? ''),
  );

  route(authApi.logout, async ({ user }) => {
    await auth.logout(user);
    return { message: 'Sessão encerrada' };
  });

  route(
    authApi.validatePasswordToken,
    ({ body }) => auth.validatePasswordToken(body.password_token),
    rateLimited,
  );

  route(authApi.setPassword, ({ body }) => auth.setPassword(body.password_token, body.password), rateLimited);

  route(
    authApi.recover,
    async ({ body }) => {
      await auth.sendRecoveryEmail(body.email);
      return { message: MESSAGES.recoveryEmailSent };
    },
    rateLimited,
  );

  route(
    authApi.changePassword,
    async ({ user, body }) => {
      await auth.changePassword(user, body.current_password, body.password);
      return { message: MESSAGES.passwordChanged };
    },
    rateLimited,
  );
}
