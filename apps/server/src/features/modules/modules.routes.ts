import { modulesApi } from '@mirante/shared';
import type { Router } from '../../http/route';
import type { ModulesService } from './modules.service';

export function registerModuleRoutes(route: Router, modules: ModulesService): void {
  route(modulesApi.list, () => modules.list());
}
