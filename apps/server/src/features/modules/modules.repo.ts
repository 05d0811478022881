import type { Db } from '../../db/database';

export function createModulesRepo(db: Db) {
  return {
    list() {
      return db.selectFrom('modules').selectAll().orderBy('id').execute();
    },
  };
}

export type ModulesRepo = ReturnType<typeof createModulesRepo>;
