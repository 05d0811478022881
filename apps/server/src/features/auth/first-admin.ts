import { sql } from 'kysely';
import type { Db } from '../../db/database';

// The customer a platform's first ADMIN belongs to (every user has one); the ADMIN then creates the real ones.
const PLATFORM_CUSTOMER = 'Administração da plataforma';

/** True once the database holds a user. */
export async function hasAnyUser(db: Db): Promise<boolean> {
  return Boolean(await db.selectFrom('users').select('id').limit(1).executeTakeFirst());
}

/**
 * On a database with no users, creates the first ADMIN (no password) with `email` and returns his id, for the
 * caller to e-mail him the definition link; returns null when users exist already.
 */
export async function createFirstAdmin(db: Db, email: string): Promise<number | null> {
  return db.transaction().execute(async (trx) => {
    // Two servers starting together on one empty database create one ADMIN.
    await sql`SELECT pg_advisory_xact_lock(4242002)`.execute(trx);
    const existing = await trx.selectFrom('users').select('id').limit(1).executeTakeFirst();
    if (existing) return null;
    const customer =
      (await trx
        .selectFrom('customers')
        .select('id')
        .where('name', '=', PLATFORM_CUSTOMER)
        .executeTakeFirst()) ??
      (await trx
        .insertInto('customers')
        .values({ name: PLATFORM_CUSTOMER })
        .returning('id')
        .executeTakeFirstOrThrow());
    const user = await trx
      .insertInto('users')
      .values({
        name: 'Administrador',
        email: email.trim().toLowerCase(),
        passwordHash: null,
        role: 'ADMIN',
        customerId: customer.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return user.id;
  });
}
