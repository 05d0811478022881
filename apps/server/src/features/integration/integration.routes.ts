import { erpIntegrationApi, integrationApi, type Erp } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { IntegrationService } from './integration.service';

function registerErpRoutes(route: Router, integration: IntegrationService, erp: Erp): void {
  const api = erpIntegrationApi[erp];
  route(api.getCredentials, ({ user, query }) => integration.getCredentials(user, erp, query.customer_id));
  route(api.saveCredentials, ({ user, query, body }) =>
    integration.saveCredentials(user, erp, body, query.customer_id),
  );
  route(api.getNotification, ({ user, query }) => integration.getNotification(user, erp, query.customer_id));
  route(api.saveNotification, ({ user, query, body }) =>
    integration.saveNotification(user, erp, body, query.customer_id),
  );
  route(api.listErpProjects, ({ user, query }) => integration.listErpProjects(user, erp, query.customer_id));
  route(api.saveProjects, ({ user, query, body }) =>
    integration.saveProjects(user, erp, body.projects, query.customer_id),
  );
  route(api.sync, ({ user, query }) => integration.syncNow(user, erp, query.customer_id));
}

/** The API calls "Integration": the three wizards' calls, the mappings, wallet links and the synchronisation log. */
export function registerIntegrationRoutes(route: Router, integration: IntegrationService): void {
  for (const erp of ['mega', 'uau', 'sienge'] as const) registerErpRoutes(route, integration, erp);
  const api = integrationApi;
  route(api.uauUnitFieldOptions, ({ user, query }) =>
    integration.uauUnitFieldOptions(user, query.customer_id),
  );
  route(api.uauSalesStatusOptions, ({ user, query }) =>
    integration.uauSalesStatusOptions(user, query.customer_id),
  );
  route(api.getUnitFields, ({ user, query }) => integration.getUnitFields(user, query.customer_id));
  route(api.saveUnitFields, ({ user, query, body }) =>
    integration.saveUnitFields(user, body, query.customer_id),
  );
  route(api.getSalesStatus, ({ user, query }) => integration.getSalesStatus(user, query.customer_id));
  route(api.saveSalesStatus, ({ user, query, body }) =>
    integration.saveSalesStatus(user, body, query.customer_id),
  );
  route(api.customerProjects, ({ user, query }) => integration.customerProjects(user, query.customer_id));
  route(api.getWalletLinks, ({ user, query }) =>
    integration.walletLinks(user, query.project_id, query.customer_id),
  );
  route(api.saveWalletLinks, ({ user, query, body }) =>
    integration.saveWalletLinks(user, body, query.customer_id),
  );
  route(api.syncRuns, ({ user, query }) => integration.syncRuns(user, query));
}
