import { sql } from 'kysely';
import type { Db } from '../../db/database';

export interface GisKeyRow {
  id: number;
  userId: number;
  name: string;
  keyPrefix: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
}

const columns = [
  'id',
  'userId',
  'name',
  'keyPrefix',
  'createdAt',
  'expiresAt',
  'lastUsedAt',
  'revokedAt',
] as const;

/** Within this long a key's use is not written again (its list shows the last use to the minute). */
const TOUCH_INTERVAL = '1 minute';

export function createGisKeysRepo(db: Db) {
  return {
    listOf(userId: number): Promise<GisKeyRow[]> {
      return db
        .selectFrom('gisKeys')
        .select(columns)
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async countLive(userId: number): Promise<number> {
      const row = await db
        .selectFrom('gisKeys')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', new Date())
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insert(input: {
      userId: number;
      name: string;
      keyHash: string;
      keyPrefix: string;
      expiresAt: Date;
    }): Promise<GisKeyRow> {
      return db.insertInto('gisKeys').values(input).returning(columns).executeTakeFirstOrThrow();
    },

    /** Revokes the user's key (once: a revoked key keeps its first revocation time); undefined when not his. */
    revoke(userId: number, id: number): Promise<GisKeyRow | undefined> {
      return db
        .updateTable('gisKeys')
        .set({ revokedAt: sql<Date>`coalesce(revoked_at, now())` })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returning(columns)
        .executeTakeFirst();
    },

    /** The live key of this hash (not revoked, not expired), read from the database on every call. */
    findLive(keyHash: string): Promise<Pick<GisKeyRow, 'id' | 'userId' | 'lastUsedAt'> | undefined> {
      return db
        .selectFrom('gisKeys')
        .select(['id', 'userId', 'lastUsedAt'])
        .where('keyHash', '=', keyHash)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', new Date())
        .executeTakeFirst();
    },

    async touch(id: number): Promise<void> {
      await db
        .updateTable('gisKeys')
        .set({ lastUsedAt: new Date() })
        .where('id', '=', id)
        .where((eb) =>
          eb.or([
            eb('lastUsedAt', 'is', null),
            eb('lastUsedAt', '<', sql<Date>`now() - ${sql.lit(TOUCH_INTERVAL)}::interval`),
          ]),
        )
        .execute();
    },
  };
}

export type GisKeysRepo = ReturnType<typeof createGisKeysRepo>;
