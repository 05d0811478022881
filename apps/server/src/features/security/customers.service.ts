import type { Customer, CustomerProject } from '@mirante/shared';
import { notFound } from '../../http/app-error';
import type { AuthUser } from '../auth';
import type { SecurityRepo } from './security.repo';
import { isAdmin } from '@mirante/shared';
import { assertSecurityAccess, customerScopeOf } from '../../policies';

/** The customer and project choices of the user and group forms. */
export function createCustomersService(repo: SecurityRepo) {
  return {
    async list(caller: AuthUser): Promise<Customer[]> {
      assertSecurityAccess(caller);
      return repo.listCustomers(customerScopeOf(caller));
    },

    async projects(caller: AuthUser, customerId: number): Promise<CustomerProject[]> {
      assertSecurityAccess(caller);
      const visible = isAdmin(caller) || customerId === caller.customerId;
      if (!visible || !(await repo.findCustomer(customerId))) {
        throw notFound('Cliente não encontrado.', 'CUSTOMER_NOT_FOUND');
      }
      const projects = await repo.projectsOfCustomer(customerId);
      if (isAdmin(caller)) return projects;
      // A non-ADMIN grants only projects he has himself (policies/user-edit.ts): offer only those.
      const own = await repo.projectIdsOf(caller.id);
      return projects.filter((project) => own.includes(project.id));
    },
  };
}
