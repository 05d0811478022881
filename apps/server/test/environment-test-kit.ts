import type { ModuleCode } from '@mirante/shared';
import { factories } from './factories';
import type { TestContext } from './test-app';

/** The signed-in users the environment API tests check each permission against (their api tokens). */
export interface EnvironmentAudience {
  admin: string;
  /** A MANAGER of the project's customer with `modules`. */
  manager: string;
  /** A MANAGER of the project's customer with `modules` but the `missing` one. */
  noModule: string;
  /** A MANAGER of another customer with `modules`. */
  otherCustomer: string;
  /** A USER of the project's customer with `modules`, deactivated after signing in. */
  inactive: string;
}

/** Signs in the ADMIN and the customer users of the environment permission cases on these projects. */
export async function environmentAudience(
  ctx: TestContext,
  access: { customerId: number; projectIds: number[]; modules: readonly ModuleCode[]; missing: ModuleCode },
): Promise<EnvironmentAudience> {
  const { customerId, projectIds, modules, missing } = access;
  const make = factories(ctx);
  const [m, n, o, i] = await Promise.all([
    make.buildUser('MANAGER', modules, { customerId, projectIds }),
    make.buildUser(
      'MANAGER',
      modules.filter((module) => module !== missing),
      { customerId, projectIds },
    ),
    make.buildUser('MANAGER', modules),
    make.buildUser('USER', modules, { customerId, projectIds }),
  ]);
  const [admin, manager, noModule, otherCustomer, inactive] = await Promise.all([
    ctx.login('admin@mirante.app.br'),
    make.signIn(m),
    make.signIn(n),
    make.signIn(o),
    make.signIn(i),
  ]);
  await ctx.db.updateTable('users').set({ status: false }).where('id', '=', i.id).execute();
  return { admin, manager, noModule, otherCustomer, inactive };
}

/** An environment analysis of a scene pair straight into the table (no detector runs on it). */
export async function environmentAnalysis(
  ctx: TestContext,
  row: {
    projectId: number;
    before: number;
    after: number;
    approved?: boolean;
    state?: 'queued' | 'processing' | 'done';
  },
): Promise<number> {
  const inserted = await ctx.db
    .insertInto('detections')
    .values({
      projectId: row.projectId,
      sceneId: row.after,
      beforeSceneId: row.before,
      approved: row.approved ?? false,
      processingState: row.state ?? 'done',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}
