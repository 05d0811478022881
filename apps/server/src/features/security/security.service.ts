import type { Db } from '../../db/database';
import { createCustomersService } from './customers.service';
import { createGroupsService } from './groups.service';
import { createSecurityRepo } from './security.repo';
import { createUsersService, type UsersServiceDeps } from './users.service';

/** The security panel's services (users, groups, customer choices) over one repo. */
export function createSecurityServices(db: Db, deps: UsersServiceDeps) {
  const repo = createSecurityRepo(db);
  return {
    users: createUsersService(repo, deps),
    groups: createGroupsService(repo),
    customers: createCustomersService(repo),
  };
}

export type SecurityServices = ReturnType<typeof createSecurityServices>;
