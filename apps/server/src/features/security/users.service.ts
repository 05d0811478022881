import {
  isAdmin,
  MESSAGES,
  MODULE_CODES,
  SECURITY_MESSAGES,
  type ModuleCode,
  type RegisterUserInput,
  type SecurityUser,
  type UpdateUserInput,
} from '@mirante/shared';
import { AppError, notFound, unprocessable } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { SecurityQueries, SecurityRepo } from './security.repo';
import { assertHoldsModules, assertSecurityAccess, customerScopeOf, targetCustomerOf } from '../../policies';
import { assertMayEdit, assertMayGrantProjects, assertMaySetRole, assertMaySetStatus } from '../../policies';
import type { UserRow } from './users.repo';

export interface UsersServiceDeps {
  /** E-mails the password-definition link (auth feature). */
  sendDefinitionEmail(userId: number): Promise<void>;
  /** The user's e-mail changed: notify the old address, end his sessions (but `keepSessionId`) and links. */
  emailChanged(userId: number, previousEmail: string, keepSessionId: string | null): Promise<void>;
  /** The user's status changed: sessions cached for tiles must be re-read at once. */
  accessChanged(userId: number): void;
}

interface Grants {
  customerId: number;
  projectIds: number[];
  groupId: number | null;
  previousGroupId: number | null;
}

const userNotFound = () => notFound(MESSAGES.userNotFound, 'USER_NOT_FOUND');

/** Projects and group must belong to the user's customer; a new group's modules must be held by the caller. */
async function assertGrants(q: SecurityQueries, caller: AuthUser, grants: Grants): Promise<void> {
  const customer = await q.findCustomer(grants.customerId);
  if (!customer) throw unprocessable('CUSTOMER_NOT_FOUND', 'Cliente não encontrado.');
  const projects = await q.projectsByIds(grants.projectIds);
  if (
    projects.length !== grants.projectIds.length ||
    projects.some((p) => p.customerId !== grants.customerId)
  ) {
    throw unprocessable('PROJECT_OF_OTHER_CUSTOMER', 'Projeto não pertence ao cliente selecionado.');
  }
  if (grants.groupId === null) return;
  const group = await q.findGroup(grants.groupId, null);
  if (!group || group.customerId !== grants.customerId) {
    throw unprocessable('GROUP_OF_OTHER_CUSTOMER', 'Grupo não pertence ao cliente selecionado.');
  }
  if (grants.groupId !== grants.previousGroupId) {
    const modules = await q.modulesOfGroups([grants.groupId]);
    assertHoldsModules(
      caller,
      modules.map((m) => m.code),
    );
  }
}

async function assertEmailFree(q: SecurityQueries, email: string, exceptUserId: number | null) {
  if (await q.emailTaken(email, exceptUserId))
    throw unprocessable('EMAIL_TAKEN', SECURITY_MESSAGES.emailTaken);
}

const unique = (ids: number[]) => [...new Set(ids)];

export function createUsersService(repo: SecurityRepo, deps: UsersServiceDeps) {
  async function present(rows: UserRow[]): Promise<SecurityUser[]> {
    const projects = await repo.projectsOfUsers(rows.map((r) => r.id));
    const groupIds = unique(rows.flatMap((r) => (r.groupId === null ? [] : [r.groupId])));
    const modules = await repo.modulesOfGroups(groupIds);
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      customer_id: row.customerId,
      customer: row.customerName,
      projects: projects.filter((p) => p.userId === row.id).map((p) => ({ id: p.id, name: p.name })),
      group_id: row.groupId,
      group: row.groupName,
      group_customer: row.groupCustomerName,
      status: row.status,
      role: row.role,
      userType: row.userType,
      modules: isAdmin(row)
        ? [...MODULE_CODES]
        : modules.filter((m) => m.groupId === row.groupId).map((m): ModuleCode => m.code),
    }));
  }

  async function presentOne(id: number): Promise<SecurityUser> {
    const row = await repo.findUser(id, null);
    if (!row) throw userNotFound();
    const [user] = await present([row]);
    if (!user) throw userNotFound();
    return user;
  }

  async function findManageable(caller: AuthUser, id: number): Promise<UserRow> {
    assertSecurityAccess(caller);
    // Another customer's user and a missing one look the same, so ids reveal nothing.
    const target = await repo.findUser(id, customerScopeOf(caller));
    if (!target) throw userNotFound();
    assertMayEdit(caller, target);
    return target;
  }

  /** The projects a non-ADMIN may hand out: his own (an ADMIN is not limited, so none are looked up). */
  const grantableBy = (q: SecurityQueries, caller: AuthUser) =>
    isAdmin(caller) ? Promise.resolve([]) : q.projectIdsOf(caller.id);

  return {
    async list(caller: AuthUser): Promise<SecurityUser[]> {
      assertSecurityAccess(caller);
      const rows = await repo.listUsers(customerScopeOf(caller));
      // Platform administrators are not the customer's staff: only an ADMIN sees them in the list.
      return present(isAdmin(caller) ? rows : rows.filter((row) => !isAdmin(row)));
    },

    async register(caller: AuthUser, input: RegisterUserInput): Promise<SecurityUser> {
      assertSecurityAccess(caller);
      const role = input.role ?? 'USER';
      assertMaySetRole(caller, role, 'USER');
      const customerId = targetCustomerOf(caller, input.customer);
      // Users made in the security screen are CLIENTs and always get the e-mail; the admin panel may choose.
      const userType = isAdmin(caller) ? (input.userType ?? 'CLIENT') : 'CLIENT';
      const sendMail = isAdmin(caller) ? (input.sendMail ?? true) : true;
      const projectIds = unique(input.projects);
      const groupId = input.group ?? null;
      const id = await repo.transaction(async (q) => {
        await assertGrants(q, caller, { customerId, projectIds, groupId, previousGroupId: null });
        assertMayGrantProjects(caller, null, projectIds, await grantableBy(q, caller));
        await assertEmailFree(q, input.email, null);
        const newId = await q.insertUser({
          name: input.name,
          email: input.email,
          customerId,
          groupId,
          role,
          userType,
        });
        await q.setUserProjects(newId, projectIds);
        return newId;
      });
      if (sendMail) {
        try {
          await deps.sendDefinitionEmail(id);
        } catch {
          throw new AppError(
            502,
            'DEFINITION_EMAIL_FAILED',
            'Usuário cadastrado, mas não foi possível enviar o e-mail de definição de senha.',
          );
        }
      }
      return presentOne(id);
    },

    async update(caller: AuthUser, id: number, input: UpdateUserInput): Promise<SecurityUser> {
      const target = await findManageable(caller, id);
      assertMaySetRole(caller, input.role, target.role);
      assertMaySetStatus(caller, target, input.status);
      // Non-ADMIN callers only reach their own customer's users, so this is the target's customer for them.
      const customerId = targetCustomerOf(caller, input.customer);
      const projectIds = unique(input.projects);
      const groupId = input.group ?? null;
      await repo.transaction(async (q) => {
        await assertGrants(q, caller, { customerId, projectIds, groupId, previousGroupId: target.groupId });
        const current = await q.projectIdsOf(id);
        const added = projectIds.filter((projectId) => !current.includes(projectId));
        assertMayGrantProjects(caller, id, added, await grantableBy(q, caller));
        await assertEmailFree(q, input.email, id);
        await q.updateUser(id, {
          name: input.name,
          email: input.email,
          customerId,
          groupId,
          role: input.role ?? target.role,
        });
        if (input.status !== undefined && input.status !== target.status) {
          await q.setUserStatus(id, input.status, caller);
        }
        await q.setUserProjects(id, projectIds);
      });
      deps.accessChanged(id);
      if (input.email.trim().toLowerCase() !== target.email.trim().toLowerCase()) {
        await deps.emailChanged(id, target.email, caller.id === id ? caller.sessionId : null);
      }
      return presentOne(id);
    },

    async toggleStatus(caller: AuthUser, id: number): Promise<SecurityUser> {
      const target = await findManageable(caller, id);
      assertMaySetStatus(caller, target, !target.status);
      await repo.setUserStatus(id, !target.status, caller);
      deps.accessChanged(id);
      return presentOne(id);
    },
  };
}
