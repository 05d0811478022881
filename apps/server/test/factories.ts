import type { AreaGeometry, ModuleCode, Project, ProjectType, Role } from '@mirante/shared';
import { hashPassword } from '../src/features/auth/passwords';
import type { SceneStatus } from '../src/db/schema';
import type { TestContext } from './test-app';

/** The password of every user a factory builds. */
export const FACTORY_PASSWORD = 'senha-de-teste-123';

export interface BuiltCustomer {
  id: number;
  name: string;
}

export interface BuiltUser {
  id: number;
  email: string;
  role: Role;
  customerId: number;
  groupId: number | null;
}

export interface UserOptions {
  /** Builds a new customer when left out. */
  customerId?: number;
  /** Projects the user is linked to (a USER or MANAGER sees only these). */
  projectIds?: readonly number[];
  active?: boolean;
}

export interface ProjectOptions {
  /** Builds a new customer when left out. */
  customerId?: number;
  projectType?: ProjectType;
  /** Users linked to the project. */
  memberIds?: readonly number[];
  /** South-west corner of the project's 200 m square outline. */
  corner?: [number, number];
  /** The whole outline instead of the square. */
  delimiter?: AreaGeometry;
  /** The zoom the project opens at (its default, 16, when left out). */
  defaultZoom?: number;
}

export interface SceneOptions {
  date: string;
  status?: SceneStatus;
  published?: boolean;
}

/** A square of about 200 m with its south-west corner at `corner` (near Maringá by default). */
function squareOutline([west, south]: [number, number]): AreaGeometry {
  const side = 0.002;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [west, south],
        [west + side, south],
        [west + side, south + side],
        [west, south + side],
        [west, south],
      ],
    ],
  };
}

/**
 * Builds rows a test needs, each with unique names, through the services or plain SQL, so that a test sets up
 * its own data instead of leaning on the demo seed or on an earlier test (after outline's server/test/factories).
 */
export function factories(ctx: TestContext) {
  let sequence = 0;
  const unique = (prefix: string) => `${prefix}-${process.pid}-${++sequence}-${Date.now().toString(36)}`;
  let passwordHash: Promise<string> | undefined;

  async function buildCustomer(name = unique('Cliente')): Promise<BuiltCustomer> {
    const row = await ctx.db
      .insertInto('customers')
      .values({ name })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, name };
  }

  async function buildGroup(customerId: number, modules: readonly ModuleCode[]): Promise<number> {
    const group = await ctx.db
      .insertInto('groups')
      .values({ name: unique('Grupo'), customerId })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (modules.length > 0) {
      const rows = await ctx.db.selectFrom('modules').select('id').where('code', 'in', modules).execute();
      await ctx.db
        .insertInto('groupModules')
        .values(rows.map((row) => ({ groupId: group.id, moduleId: row.id })))
        .execute();
    }
    return group.id;
  }

  async function linkUsers(projectId: number, userIds: readonly number[]): Promise<void> {
    if (userIds.length === 0) return;
    await ctx.db
      .insertInto('userProjects')
      .values(userIds.map((userId) => ({ userId, projectId })))
      .onConflict((conflict) => conflict.doNothing())
      .execute();
  }

  /** A user who can sign in with FACTORY_PASSWORD; an ADMIN has no group, anyone else a group of `modules`. */
  async function buildUser(
    role: Role,
    modules: readonly ModuleCode[] = [],
    options: UserOptions = {},
  ): Promise<BuiltUser> {
    const customerId = options.customerId ?? (await buildCustomer()).id;
    const groupId = role === 'ADMIN' ? null : await buildGroup(customerId, modules);
    passwordHash ??= hashPassword(FACTORY_PASSWORD);
    const email = `${unique(role.toLowerCase())}@fabrica.test`;
    const row = await ctx.db
      .insertInto('users')
      .values({
        name: unique('Pessoa'),
        email,
        passwordHash: await passwordHash,
        role,
        status: options.active ?? true,
        customerId,
        groupId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const projectId of options.projectIds ?? []) await linkUsers(projectId, [row.id]);
    return { id: row.id, email, role, customerId, groupId };
  }

  /** A project created by the projects service (geometry validated and derived as in production). */
  async function buildProject(options: ProjectOptions = {}): Promise<Project & { customerId: number }> {
    const customerId = options.customerId ?? (await buildCustomer()).id;
    const space = unique('projeto');
    const project = await ctx.services.projects.create(
      {
        customerId,
        name: space,
        space,
        projectType: options.projectType ?? 'ALLOTMENT',
        delimiter: options.delimiter ?? squareOutline(options.corner ?? [-51.95, -23.42]),
        ...(options.defaultZoom !== undefined ? { defaultZoom: options.defaultZoom } : {}),
      },
      [...(options.memberIds ?? [])],
    );
    return { ...project, customerId };
  }

  /** A scene row straight in the database, with no files (for tests of what reads scenes, not of the ingest). */
  async function buildScene(projectId: number, options: SceneOptions): Promise<number> {
    const row = await ctx.db
      .insertInto('scenes')
      .values({
        projectId,
        date: options.date,
        status: options.status ?? 'ready',
        published: options.published ?? false,
        sourceKind: 'geotiff',
        originalKey: `scenes/p${projectId}/${options.date}-fixture/original.tif`,
        originalName: 'fixture.tif',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** A layer row (a LOT by default) straight in the database: a small square, for tests of what reads lots. */
  async function buildLayer(
    projectId: number,
    options: { type?: string; name: string; block?: string; stage?: string; customerCode?: string },
  ): Promise<number> {
    const ring = [
      [-51.95, -23.42],
      [-51.9499, -23.42],
      [-51.9499, -23.4199],
      [-51.95, -23.4199],
      [-51.95, -23.42],
    ];
    const row = await ctx.db
      .insertInto('layers')
      .values({
        projectId,
        type: options.type ?? 'LOT',
        name: options.name,
        block: options.block ?? null,
        stage: options.stage ?? null,
        customerCode: options.customerCode ?? null,
        geoJson: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
        areaM2: 100,
        perimeterM: 40,
        bbox: [-51.95, -23.42, -51.9499, -23.4199],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Signs the user in through the API and returns the api_token. */
  const signIn = (user: BuiltUser) => ctx.login(user.email, FACTORY_PASSWORD);

  return { buildCustomer, buildGroup, buildUser, buildProject, buildScene, buildLayer, linkUsers, signIn };
}

export type Factories = ReturnType<typeof factories>;
