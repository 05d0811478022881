import type { ModuleCode, Role } from '@mirante/shared';
import type { LightMyRequestResponse } from 'fastify';
import { demoRows } from './demo-rows';
import { bearer, type TestContext } from './test-app';

export type FormValue = string | number | boolean | readonly (string | number)[] | undefined;
export type Form = Record<string, FormValue>;

/** Encodes like the web client: repeated keys for lists, nothing for undefined. */
export function encodeForm(form: Form): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(form)) {
    if (value === undefined) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) search.append(key, String(item));
  }
  return search.toString();
}

/** Helpers shared by the security API tests: calls with a token, ids of demo rows and extra fixtures. */
export function securityKit(ctx: TestContext) {
  const tokens = new Map<string, string>();

  async function tokenOf(email: string): Promise<string> {
    const known = tokens.get(email);
    if (known) return known;
    const token = await ctx.login(email);
    tokens.set(email, token);
    return token;
  }

  return {
    ...demoRows(ctx),
    tokenOf,

    async get(email: string, url: string): Promise<LightMyRequestResponse> {
      return ctx.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: bearer(await tokenOf(email)) });
    },

    async post(email: string, url: string, form?: Form): Promise<LightMyRequestResponse> {
      const headers = {
        ...bearer(await tokenOf(email)),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      };
      return ctx.app.inject({
        method: 'POST',
        url: `/api/v1${url}`,
        headers,
        ...(form ? { payload: encodeForm(form) } : {}),
      });
    },

    async moduleIds(codes: readonly ModuleCode[]): Promise<number[]> {
      if (codes.length === 0) return [];
      const rows = await ctx.db.selectFrom('modules').select('id').where('code', 'in', codes).execute();
      return rows.map((r) => r.id);
    },

    /** A group straight in the database (fixtures only; the API is what the tests exercise). */
    async insertGroup(name: string, customerId: number, codes: readonly ModuleCode[]): Promise<number> {
      const group = await ctx.db
        .insertInto('groups')
        .values({ name, customerId })
        .returning('id')
        .executeTakeFirstOrThrow();
      const moduleIds = await this.moduleIds(codes);
      if (moduleIds.length > 0) {
        await ctx.db
          .insertInto('groupModules')
          .values(moduleIds.map((moduleId) => ({ groupId: group.id, moduleId })))
          .execute();
      }
      return group.id;
    },

    /** A user with the demo password, so tests can sign in as them. */
    async insertUser(input: {
      email: string;
      customerId: number;
      groupId: number | null;
      role?: Role;
    }): Promise<number> {
      const admin = await ctx.db
        .selectFrom('users')
        .select('passwordHash')
        .where('email', '=', 'admin@mirante.app.br')
        .executeTakeFirstOrThrow();
      const row = await ctx.db
        .insertInto('users')
        .values({
          name: input.email.split('@')[0] ?? input.email,
          email: input.email,
          customerId: input.customerId,
          groupId: input.groupId,
          role: input.role ?? 'USER',
          passwordHash: admin.passwordHash,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async countUsers(): Promise<number> {
      const row = await ctx.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}

export type SecurityKit = ReturnType<typeof securityKit>;
