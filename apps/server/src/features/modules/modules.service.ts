import { PROJECT_TYPE_LABELS } from '@mirante/shared';
import type { ModulesRepo } from './modules.repo';

export function createModulesService(repo: ModulesRepo) {
  return {
    async list() {
      return (await repo.list()).map((m) => ({
        id: m.id,
        code: m.code,
        name: m.name,
        description: m.description,
        project_type: m.projectType,
        project_type_description: PROJECT_TYPE_LABELS[m.projectType],
      }));
    },
  };
}

export type ModulesService = ReturnType<typeof createModulesService>;
