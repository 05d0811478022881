import { ACCESS_TOKEN_MESSAGES, authApi, MESSAGES } from '@mirante/shared';
import { tokenFromRequest } from '../../http/authorize';
import type { Router } from '../../http/route';
import type { AuthService } from './auth.service';
import type { CredentialThrottle } from './credential-throttle';

export function registerAuthRoutes(route: Router, auth: AuthService, throttle: CredentialThrottle): void {
  route(authApi.login, ({ body, request }) => {
    if ('token' in body) {
      throttle.check(request.ip, `token:${body.token}`);
      return auth.loginWithAccessToken(body.token);
    }
    throttle.check(request.ip, body.email);
    return auth.login(body.email, body.password);
  });

  route(authApi.restoreSession, ({ user, request }) =>
    auth.restoreSession(user, tokenFromRequest(request, true) ?? ''),
  );

  route(authApi.logout, async ({ user }) => {
    await auth.logout(user);
    return { message: 'Sessão encerrada' };
  });

  route(authApi.validatePasswordToken, ({ body, request }) => {
    throttle.check(request.ip, `password-token:${body.password_token}`);
    return auth.validatePasswordToken(body.password_token);
  });

  route(authApi.setPassword, ({ body, request }) => {
    throttle.check(request.ip, `password-token:${body.password_token}`);
    return auth.setPassword(body.password_token, body.password);
  });

  route(authApi.recover, async ({ body, request }) => {
    throttle.checkRecovery(request.ip, body.email);
    await auth.sendRecoveryEmail(body.email);
    return { message: MESSAGES.recoveryEmailSent };
  });

  route(authApi.changePassword, async ({ user, body, request }) => {
    throttle.check(request.ip, user.email);
    await auth.changePassword(user, body.current_password, body.password);
    return { message: MESSAGES.passwordChanged };
  });

  route(authApi.listAccessTokens, () => auth.listAccessTokens());

  route(authApi.createAccessToken, ({ body }) =>
    auth.issueAccessToken({
      userId: body.user_id,
      description: body.description,
      validDays: body.valid_days,
    }),
  );

  route(authApi.revokeAccessToken, async ({ params }) => {
    await auth.revokeAccessToken(params.id);
    return { message: ACCESS_TOKEN_MESSAGES.revoked };
  });
}
