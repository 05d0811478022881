import { ACCESS_TOKEN_MESSAGES, authApi, MESSAGES } from '@mirante/shared';
import { tokenFromRequest } from '../../http/authorize';
import { clientAddress } from '../../http/trust-proxy';
import type { Router } from '../../http/route';
import type { AuthService } from './auth.service';
import type { CredentialThrottle } from './credential-throttle';

export function registerAuthRoutes(route: Router, auth: AuthService, throttle: CredentialThrottle): void {
  route(authApi.login, async ({ body, request }) => {
    if ('token' in body) {
      await throttle.checkToken(clientAddress(request), 'access-token', body.token);
      return auth.loginWithAccessToken(body.token);
    }
    await throttle.checkPassword(clientAddress(request), body.email);
    const credentials = await auth.login(body.email, body.password);
    await throttle.rememberSignIn(clientAddress(request), credentials.id);
    return credentials;
  });

  route(authApi.restoreSession, ({ user, request }) =>
    auth.restoreSession(user, tokenFromRequest(request, true) ?? ''),
  );

  route(authApi.logout, async ({ user }) => {
    await auth.logout(user);
    return { message: 'Sessão encerrada' };
  });

  route(authApi.validatePasswordToken, async ({ body, request }) => {
    await throttle.checkToken(clientAddress(request), 'password-token', body.password_token);
    return auth.validatePasswordToken(body.password_token);
  });

  route(authApi.setPassword, async ({ body, request }) => {
    await throttle.checkToken(clientAddress(request), 'password-token', body.password_token);
    const credentials = await auth.setPassword(body.password_token, body.password);
    // The e-mailed link proved the mailbox: this address is the user's own for his account's throttle.
    await throttle.rememberSignIn(clientAddress(request), credentials.id);
    return credentials;
  });

  route(authApi.recover, async ({ body, request }) => {
    await throttle.checkRecovery(clientAddress(request), body.email);
    await auth.sendRecoveryEmail(body.email);
    return { message: MESSAGES.recoveryEmailSent };
  });

  route(authApi.changePassword, async ({ user, body, request }) => {
    await throttle.checkPassword(clientAddress(request), user.email);
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
