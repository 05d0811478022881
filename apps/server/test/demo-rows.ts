import type { TestContext } from './test-app';

/** Ids of demo-seed rows, looked up by their natural keys: a test never writes a demo id as a number. */
export function demoRows(ctx: TestContext) {
  return {
    async projectId(space: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('projects')
        .select('id')
        .where('space', '=', space)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async userId(email: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.id;
    },

    /** The customer of a user. */
    async customerIdOf(email: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('users')
        .select('customerId')
        .where('email', '=', email)
        .executeTakeFirstOrThrow();
      return row.customerId;
    },

    async groupId(name: string): Promise<number> {
      const row = await ctx.db
        .selectFrom('groups')
        .select('id')
        .where('name', '=', name)
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
