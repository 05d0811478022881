import { isAdmin, MODULE_CODES, type ModuleCode } from '@mirante/shared';
import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface UserRecord {
  id: number;
  name: string;
  email: string;
  passwordHash: string | null;
  role: 'ADMIN' | 'MANAGER' | 'USER';
  status: boolean;
  customerId: number;
  groupId: number | null;
}

export interface SessionRecord extends UserRecord {
  sessionId: string;
  fromToken: boolean;
  lastUsedAt: Date;
}

const userColumns = [
  'users.id',
  'users.name',
  'users.email',
  'users.passwordHash',
  'users.role',
  'users.status',
  'users.customerId',
  'users.groupId',
] as const;

function authQueries(db: Db) {
  return {
    findUserByEmail(email: string): Promise<UserRecord | undefined> {
      return db
        .selectFrom('users')
        .select(userColumns)
        .where(sql`lower(email)`, '=', email.trim().toLowerCase())
        .executeTakeFirst();
    },

    findUserById(id: number): Promise<UserRecord | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    async modulesOf(user: Pick<UserRecord, 'role' | 'groupId'>): Promise<ModuleCode[]> {
      if (isAdmin(user)) return [...MODULE_CODES];
      if (user.groupId === null) return [];
      const rows = await db
        .selectFrom('groupModules')
        .innerJoin('modules', 'modules.id', 'groupModules.moduleId')
        .select('modules.code')
        .where('groupModules.groupId', '=', user.groupId)
        .orderBy('modules.id')
        .execute();
      return rows.map((r) => r.code);
    },

    async createSession(input: {
      userId: number;
      tokenHash: string;
      fromToken: boolean;
      accessTokenId: string | null;
      expiresAt: Date;
    }) {
      const row = await db.insertInto('sessions').values(input).returning('id').executeTakeFirstOrThrow();
      return row.id;
    },

    /** The session of the token, unless revoked, expired or unused since `idleSince`. */
    findLiveSession(tokenHash: string, idleSince: Date): Promise<SessionRecord | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([...userColumns, 'sessions.id as sessionId', 'sessions.fromToken', 'sessions.lastUsedAt'])
        .where('sessions.tokenHash', '=', tokenHash)
        .where('sessions.revokedAt', 'is', null)
        .where('sessions.expiresAt', '>', new Date())
        .where('sessions.lastUsedAt', '>', idleSince)
        .executeTakeFirst();
    },

    /** The session of this id (a signed tile URL names it), on the same terms as `findLiveSession`. */
    findLiveSessionById(sessionId: string, idleSince: Date): Promise<SessionRecord | undefined> {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([...userColumns, 'sessions.id as sessionId', 'sessions.fromToken', 'sessions.lastUsedAt'])
        .where('sessions.id', '=', sessionId)
        .where('sessions.revokedAt', 'is', null)
        .where('sessions.expiresAt', '>', new Date())
        .where('sessions.lastUsedAt', '>', idleSince)
        .executeTakeFirst();
    },

    async touchSession(sessionId: string): Promise<void> {
      await db.updateTable('sessions').set({ lastUsedAt: new Date() }).where('id', '=', sessionId).execute();
    },

    async revokeSession(sessionId: string): Promise<void> {
      await db.updateTable('sessions').set({ revokedAt: new Date() }).where('id', '=', sessionId).execute();
    },

    async revokeOtherSessions(userId: number, keepSessionId: string | null): Promise<void> {
      let query = db
        .updateTable('sessions')
        .set({ revokedAt: new Date() })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null);
      if (keepSessionId !== null) query = query.where('id', '!=', keepSessionId);
      await query.execute();
    },

    async setPasswordHash(userId: number, passwordHash: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ passwordHash, updatedAt: new Date() })
        .where('id', '=', userId)
        .execute();
    },

    async createPasswordToken(input: {
      userId: number;
      tokenHash: string;
      purpose: 'definition' | 'recovery';
      expiresAt: Date;
    }): Promise<void> {
      await db.insertInto('passwordTokens').values(input).execute();
    },

    findPasswordToken(tokenHash: string) {
      return db
        .selectFrom('passwordTokens')
        .innerJoin('users', 'users.id', 'passwordTokens.userId')
        .select([
          'passwordTokens.id as tokenId',
          'passwordTokens.expiresAt',
          'passwordTokens.usedAt',
          'passwordTokens.purpose',
          ...userColumns,
        ])
        .where('passwordTokens.tokenHash', '=', tokenHash)
        .executeTakeFirst();
    },

    /** Marks every open password token of the user used, so a link works once. */
    async consumePasswordTokens(userId: number): Promise<void> {
      await db
        .updateTable('passwordTokens')
        .set({ usedAt: new Date() })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .execute();
    },

    async createAccessToken(input: {
      userId: number;
      tokenHash: string;
      description: string;
      expiresAt: Date;
    }): Promise<{ id: string; createdAt: Date }> {
      return db
        .insertInto('accessTokens')
        .values(input)
        .returning(['id', 'createdAt'])
        .executeTakeFirstOrThrow();
    },

    findLiveAccessToken(tokenHash: string): Promise<(UserRecord & { accessTokenId: string }) | undefined> {
      return db
        .selectFrom('accessTokens')
        .innerJoin('users', 'users.id', 'accessTokens.userId')
        .select([...userColumns, 'accessTokens.id as accessTokenId'])
        .where('accessTokens.tokenHash', '=', tokenHash)
        .where('accessTokens.revokedAt', 'is', null)
        .where('accessTokens.expiresAt', '>', new Date())
        .executeTakeFirst();
    },

    listAccessTokens() {
      return db
        .selectFrom('accessTokens')
        .innerJoin('users', 'users.id', 'accessTokens.userId')
        .select([
          'accessTokens.id',
          'accessTokens.description',
          'accessTokens.createdAt',
          'accessTokens.expiresAt',
          'accessTokens.revokedAt',
          'users.id as userId',
          'users.name as userName',
          'users.email as userEmail',
        ])
        .orderBy('accessTokens.createdAt', 'desc')
        .orderBy('accessTokens.id', 'desc')
        .execute();
    },

    /** Revokes the link and ends the sessions opened with it; returns its user (undefined: no such link). */
    async revokeAccessToken(id: string): Promise<number | undefined> {
      const now = new Date();
      const found = await db
        .updateTable('accessTokens')
        .set({ revokedAt: sql`coalesce(revoked_at, ${now})` })
        .where('id', '=', id)
        .returning('userId')
        .executeTakeFirst();
      await db
        .updateTable('sessions')
        .set({ revokedAt: now })
        .where('accessTokenId', '=', id)
        .where('revokedAt', 'is', null)
        .execute();
      return found?.userId;
    },

    /** Keeps a named link (the demo's) alive for `expiresAt` more, unless an ADMIN revoked it. */
    async extendAccessToken(tokenHash: string, expiresAt: Date): Promise<void> {
      await db
        .updateTable('accessTokens')
        .set({ expiresAt })
        .where('tokenHash', '=', tokenHash)
        .where('revokedAt', 'is', null)
        .execute();
    },
  };
}

type AuthQueries = ReturnType<typeof authQueries>;

export function createAuthRepo(db: Db) {
  return {
    ...authQueries(db),
    /** Runs `work` with the same queries bound to one transaction. */
    transaction<T>(work: (repo: AuthQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(authQueries(trx)));
    },
  };
}

export type AuthRepo = ReturnType<typeof createAuthRepo>;
