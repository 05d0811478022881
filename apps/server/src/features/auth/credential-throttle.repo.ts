import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** One bucket to count an attempt in: its hashed key and when a window opened now would end. */
export interface BucketHit {
  key: string;
  windowEndsAt: Date;
}

/** The shared counters of the credential throttle and the addresses users recently signed in from. */
export function createCredentialThrottleRepo(db: Db) {
  return {
    /**
     * Counts one attempt in each bucket and returns each bucket's count in its current window. A bucket whose
     * window ended by `now` starts a new one (count 1). One statement: concurrent processes on the same
     * bucket are serialised by PostgreSQL's row lock, so no attempt is lost or counted twice.
     */
    async hit(buckets: BucketHit[], now: Date): Promise<Map<string, number>> {
      const rows = await db
        .insertInto('credentialAttempts')
        .values(
          buckets.map((bucket) => ({
            bucketKey: bucket.key,
            attempts: 1,
            windowEndsAt: bucket.windowEndsAt,
          })),
        )
        .onConflict((conflict) =>
          conflict.column('bucketKey').doUpdateSet({
            attempts: sql<number>`CASE WHEN credential_attempts.window_ends_at <= ${now}
              THEN 1 ELSE credential_attempts.attempts + 1 END`,
            windowEndsAt: sql<Date>`CASE WHEN credential_attempts.window_ends_at <= ${now}
              THEN excluded.window_ends_at ELSE credential_attempts.window_ends_at END`,
          }),
        )
        .returning(['bucketKey', 'attempts'])
        .execute();
      return new Map(rows.map((row) => [row.bucketKey, row.attempts]));
    },

    /** A bucket's count in its current window (0 when it has none), without counting an attempt. */
    async count(key: string, now: Date): Promise<number> {
      const row = await db
        .selectFrom('credentialAttempts')
        .select('attempts')
        .where('bucketKey', '=', key)
        .where('windowEndsAt', '>', now)
        .executeTakeFirst();
      return row?.attempts ?? 0;
    },

    /** Whether the user with this e-mail signed in from `address` at or after `since`. */
    async isRecentAddressOf(email: string, address: string, since: Date): Promise<boolean> {
      const row = await db
        .selectFrom('userSignInAddresses')
        .innerJoin('users', 'users.id', 'userSignInAddresses.userId')
        .select('userSignInAddresses.userId')
        .where(sql`lower(users.email)`, '=', email.trim().toLowerCase())
        .where('userSignInAddresses.address', '=', address)
        .where('userSignInAddresses.lastSuccessAt', '>=', since)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Records (or refreshes) that `userId` signed in from `address` at `at`. */
    async rememberAddress(userId: number, address: string, at: Date): Promise<void> {
      await db
        .insertInto('userSignInAddresses')
        .values({ userId, address, lastSuccessAt: at })
        .onConflict((conflict) => conflict.columns(['userId', 'address']).doUpdateSet({ lastSuccessAt: at }))
        .execute();
    },

    /** Deletes the windows that ended before `windowsBefore` and the addresses not used since `addressesBefore`. */
    async sweep(windowsBefore: Date, addressesBefore: Date): Promise<void> {
      await db.deleteFrom('credentialAttempts').where('windowEndsAt', '<', windowsBefore).execute();
      await db.deleteFrom('userSignInAddresses').where('lastSuccessAt', '<', addressesBefore).execute();
    },
  };
}

export type CredentialThrottleRepo = ReturnType<typeof createCredentialThrottleRepo>;
