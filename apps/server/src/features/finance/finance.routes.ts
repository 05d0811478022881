import { informationsApi, type InformationList } from '@mirante/shared';
import type { Router } from '../../http/route';
import { receiveFilters } from './filter-fields';
import type { FinanceService } from './finance.service';

/**
 * The portfolio list (10,000 lots is a few MB) is written by plain JSON.stringify, not by the zod response
 * serialiser; its shape is the documented `informationListSchema` (checked at compile time and by the API
 * test parsing the answers).
 */
const serializeList = (list: InformationList): string => JSON.stringify(list);

/** The API calls: project/{id}/informations, GET information (list), GET information/:id, POST information. */
export function registerFinanceRoutes(route: Router, finance: FinanceService): void {
  route(informationsApi.list, async ({ user, params, request, reply }) => {
    const list = await finance.list(user, params.id, await receiveFilters(request));
    reply.type('application/json; charset=utf-8').serializer(serializeList);
    return list;
  });
  route(informationsApi.listByQuery, async ({ user, query, reply }) => {
    const { projectId, ...filters } = query;
    const list = await finance.list(user, projectId, filters);
    reply.type('application/json; charset=utf-8').serializer(serializeList);
    return list;
  });
  route(informationsApi.settings, ({ user, params, body }) => finance.saveSettings(user, params.id, body));
  route(informationsApi.get, ({ user, params }) => finance.get(user, params.id));
  route(informationsApi.update, ({ user, body }) => finance.update(user, body));
}
