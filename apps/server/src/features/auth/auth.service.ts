import {
  MESSAGES,
  type AccessTokenSummary,
  type CreatedAccessToken,
  type Credentials,
} from '@mirante/shared';
import { AppError, inactiveUserError, notFound, unprocessable } from '../../http/app-error';
import type { Mailer } from '../../mail/mailer';
import type { AuthUser } from './auth-user';
import type { AuthRepo, SessionRecord, UserRecord } from './auth.repo';
import { emailChangedEmail, passwordDefinitionEmail, passwordRecoveryEmail } from './auth.emails';
import { hashPassword, verifyPassword } from './passwords';
import { hashToken, newToken } from './tokens';

export interface AuthServiceOptions {
  appUrl: string;
  sessionTtlHours: number;
  sessionIdleMinutes: number;
  passwordTokenTtlHours: number;
  accessTokenTtlDays: number;
}

const HOUR_MS = 3_600_000;
// Refreshing last_used_at on every call would write on every request; once a minute is enough.
const TOUCH_INTERVAL_MS = 60_000;

export function createAuthService(repo: AuthRepo, mailer: Mailer, options: AuthServiceOptions) {
  const hoursFromNow = (hours: number) => new Date(Date.now() + hours * HOUR_MS);
  // Whoever caches sessions (the tile path) hears when a user's sessions end or his access changes.
  const sessionsEndedListeners: ((userId: number) => void)[] = [];
  const sessionsEnded = (userId: number) => sessionsEndedListeners.forEach((listener) => listener(userId));

  /** The signed-in user of a live session, its last use recorded at most once a minute. */
  async function signedInUser(session: SessionRecord | undefined): Promise<AuthUser | null> {
    if (!session) return null;
    if (Date.now() - session.lastUsedAt.getTime() > TOUCH_INTERVAL_MS)
      await repo.touchSession(session.sessionId);
    return {
      id: session.id,
      name: session.name,
      email: session.email,
      role: session.role,
      customerId: session.customerId,
      groupId: session.groupId,
      active: session.status,
      modules: await repo.modulesOf(session),
      sessionId: session.sessionId,
      fromToken: session.fromToken,
    };
  }

  /** A new session; `accessTokenId` is the sign-in link it was opened with (null: password). */
  async function openSession(user: UserRecord, accessTokenId: string | null): Promise<Credentials> {
    if (!user.status) throw inactiveUserError();
    const { token, hash } = newToken();
    const fromToken = accessTokenId !== null;
    await repo.createSession({
      userId: user.id,
      tokenHash: hash,
      fromToken,
      accessTokenId,
      expiresAt: hoursFromNow(options.sessionTtlHours),
    });
    return credentialsFor(user, token, fromToken);
  }

  async function credentialsFor(
    user: UserRecord,
    apiToken: string,
    fromToken: boolean,
  ): Promise<Credentials> {
    return {
      id: user.id,
      api_token: apiToken,
      name: user.name,
      email: user.email,
      role: user.role,
      modules: await repo.modulesOf(user),
      customer_id: user.customerId,
      from_token: fromToken,
    };
  }

  async function issuePasswordToken(user: UserRecord, purpose: 'definition' | 'recovery'): Promise<string> {
    const { token, hash } = newToken();
    await repo.createPasswordToken({
      userId: user.id,
      tokenHash: hash,
      purpose,
      expiresAt: hoursFromNow(options.passwordTokenTtlHours),
    });
    return token;
  }

  async function findUsablePasswordToken(token: string) {
    const found = await repo.findPasswordToken(hashToken(token));
    if (!found) throw notFound('Link inválido. Solicite um novo e-mail.', 'PASSWORD_TOKEN_INVALID');
    if (found.usedAt || found.expiresAt.getTime() <= Date.now()) {
      throw new AppError(
        410,
        'PASSWORD_TOKEN_EXPIRED',
        'Este link expirou ou já foi usado. Solicite um novo e-mail.',
      );
    }
    return found;
  }

  return {
    async login(email: string, password: string): Promise<Credentials> {
      const user = await repo.findUserByEmail(email);
      const valid = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !valid) throw new AppError(401, 'INVALID_CREDENTIALS', MESSAGES.invalidCredentials);
      return openSession(user, null);
    },

    async loginWithAccessToken(token: string): Promise<Credentials> {
      const user = await repo.findLiveAccessToken(hashToken(token));
      if (!user) throw new AppError(401, 'INVALID_ACCESS_TOKEN', 'Link de acesso inválido ou expirado.');
      return openSession(user, user.accessTokenId);
    },

    /** Resolves a session token to the signed-in user (null when unknown, expired or revoked). */
    async resolveSession(token: string): Promise<AuthUser | null> {
      const idleSince = new Date(Date.now() - options.sessionIdleMinutes * 60_000);
      return signedInUser(await repo.findLiveSession(hashToken(token), idleSince));
    },

    /**
     * Resolves a session by its id (not a secret: a signed tile URL carries it, under the server's signature) to
     * its user while it lives, as `resolveSession` does; null once it ended (logout, expiry, revocation).
     */
    async resolveSessionById(sessionId: string): Promise<AuthUser | null> {
      if (!/^\d{1,18}$/.test(sessionId)) return null;
      const idleSince = new Date(Date.now() - options.sessionIdleMinutes * 60_000);
      return signedInUser(await repo.findLiveSessionById(sessionId, idleSince));
    },

    /**
     * The user behind another credential (a GIS key), read now with his current status and modules: nothing is
     * cached, so an inactivation or a module taken away counts on his very next request. `credentialId` names
     * the credential where a session id would be (`AuthUser.sessionId`).
     */
    async credentialHolder(userId: number, credentialId: string): Promise<AuthUser | null> {
      const record = await repo.findUserById(userId);
      if (!record) return null;
      return {
        id: record.id,
        name: record.name,
        email: record.email,
        role: record.role,
        customerId: record.customerId,
        groupId: record.groupId,
        active: record.status,
        modules: await repo.modulesOf(record),
        sessionId: credentialId,
        fromToken: false,
      };
    },

    async restoreSession(user: AuthUser, apiToken: string): Promise<Credentials> {
      const record = await repo.findUserById(user.id);
      if (!record) throw new AppError(401, 'UNAUTHORIZED', 'Sessão expirada. Entre novamente.');
      return credentialsFor(record, apiToken, user.fromToken);
    },

    async logout(user: AuthUser): Promise<void> {
      await repo.revokeSession(user.sessionId);
      sessionsEnded(user.id);
    },

    /** `listener(userId)` runs whenever a user's sessions end or his access changes (see `accessChanged`). */
    onSessionsEnded(listener: (userId: number) => void): void {
      sessionsEndedListeners.push(listener);
    },

    /** The user's status or grants changed elsewhere (security panel): sessions held in caches are re-read. */
    accessChanged(userId: number): void {
      sessionsEnded(userId);
    },

    async validatePasswordToken(token: string) {
      const found = await findUsablePasswordToken(token);
      return { valid: true as const, email: found.email, name: found.name };
    },

    async setPassword(token: string, password: string): Promise<Credentials> {
      const found = await findUsablePasswordToken(token);
      if (!found.status) throw inactiveUserError();
      const passwordHash = await hashPassword(password);
      await repo.transaction(async (trx) => {
        await trx.setPasswordHash(found.id, passwordHash);
        await trx.consumePasswordTokens(found.id);
        await trx.revokeOtherSessions(found.id, null);
      });
      sessionsEnded(found.id);
      return openSession(found, null);
    },

    async sendRecoveryEmail(email: string): Promise<void> {
      const user = await repo.findUserByEmail(email);
      if (!user) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      if (!user.status) throw new AppError(403, 'USER_INACTIVE', MESSAGES.noDeveloperAccess);
      const token = await issuePasswordToken(user, 'recovery');
      await mailer.send(passwordRecoveryEmail(user, `${options.appUrl}/auth/pass?t=${token}&m=1`));
    },

    /** E-mails a new user the link to define their first password. */
    async sendDefinitionEmail(userId: number): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      const token = await issuePasswordToken(user, 'definition');
      await mailer.send(passwordDefinitionEmail(user, `${options.appUrl}/auth/pass?t=${token}`));
    },

    /** After an e-mail change: sessions (but `keepSessionId`) and e-mailed links end; the OLD address is told. */
    async emailChanged(userId: number, previousEmail: string, keepSessionId: string | null): Promise<void> {
      const user = await repo.findUserById(userId);
      if (!user) return;
      await repo.transaction(async (trx) => {
        await trx.revokeOtherSessions(userId, keepSessionId);
        await trx.consumePasswordTokens(userId);
      });
      sessionsEnded(userId);
      try {
        await mailer.send(
          emailChangedEmail({ name: user.name, email: previousEmail }, user.email, options.appUrl),
        );
      } catch {
        throw new AppError(
          502,
          'EMAIL_CHANGE_NOTICE_FAILED',
          'Usuário atualizado, mas não foi possível avisar o endereço de e-mail anterior.',
        );
      }
    },

    async changePassword(user: AuthUser, currentPassword: string, newPassword: string): Promise<void> {
      const record = await repo.findUserById(user.id);
      if (!record || !(await verifyPassword(record.passwordHash, currentPassword))) {
        throw unprocessable('WRONG_CURRENT_PASSWORD', 'A senha atual está incorreta.');
      }
      const passwordHash = await hashPassword(newPassword);
      await repo.transaction(async (trx) => {
        await trx.setPasswordHash(user.id, passwordHash);
        await trx.revokeOtherSessions(user.id, user.sessionId);
        // A recovery link e-mailed before the change must not set the password again.
        await trx.consumePasswordTokens(user.id);
      });
      sessionsEnded(user.id);
    },

    /** Creates a reusable sign-in link token (from_token sessions), e.g. for a shared project view. */
    async createAccessToken(
      userId: number,
      description: string,
      validDays = options.accessTokenTtlDays,
    ): Promise<string> {
      const { token, hash } = newToken();
      await repo.createAccessToken({
        userId,
        tokenHash: hash,
        description,
        expiresAt: hoursFromNow(validDays * 24),
      });
      return token;
    },

    /** An ADMIN's new link for `userId` (any customer): its summary and the full URL, returned only here. */
    async issueAccessToken(input: {
      userId: number;
      description: string;
      validDays?: number;
    }): Promise<CreatedAccessToken> {
      const user = await repo.findUserById(input.userId);
      if (!user) throw notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');
      const { token, hash } = newToken();
      const expiresAt = hoursFromNow((input.validDays ?? options.accessTokenTtlDays) * 24);
      const row = await repo.createAccessToken({
        userId: user.id,
        tokenHash: hash,
        description: input.description,
        expiresAt,
      });
      return {
        id: Number(row.id),
        description: input.description,
        user_id: user.id,
        user_name: user.name,
        user_email: user.email,
        created_at: row.createdAt.toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        url: `${options.appUrl}/?token=${encodeURIComponent(token)}`,
      };
    },

    async listAccessTokens(): Promise<AccessTokenSummary[]> {
      const rows = await repo.listAccessTokens();
      return rows.map((row) => ({
        id: Number(row.id),
        description: row.description,
        user_id: row.userId,
        user_name: row.userName,
        user_email: row.userEmail,
        created_at: row.createdAt.toISOString(),
        expires_at: row.expiresAt.toISOString(),
        revoked_at: row.revokedAt?.toISOString() ?? null,
      }));
    },

    async revokeAccessToken(id: number): Promise<void> {
      const userId = await repo.revokeAccessToken(String(id));
      if (userId === undefined) throw notFound('Link de acesso não encontrado.', 'ACCESS_TOKEN_NOT_FOUND');
      sessionsEnded(userId);
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
