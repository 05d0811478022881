import { securityApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { SecurityServices } from './security.service';

export function registerSecurityRoutes(route: Router, security: SecurityServices): void {
  const { users, groups, customers } = security;
  route(securityApi.listUsers, ({ user }) => users.list(user));
  route(securityApi.registerUser, ({ user, body }) => users.register(user, body));
  route(securityApi.updateUser, ({ user, params, body }) => users.update(user, params.id, body));
  route(securityApi.toggleUserStatus, ({ user, params }) => users.toggleStatus(user, params.id));
  route(securityApi.listGroups, ({ user }) => groups.list(user));
  route(securityApi.createGroup, ({ user, body }) => groups.create(user, body));
  route(securityApi.updateGroup, ({ user, params, body }) => groups.update(user, params.id, body));
  route(securityApi.deleteGroup, ({ user, params }) => groups.remove(user, params.id));
  route(securityApi.listCustomers, ({ user }) => customers.list(user));
  route(securityApi.customerProjects, ({ user, params }) => customers.projects(user, params.customerId));
}
