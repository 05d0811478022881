import type { Db } from '../../db/database';
import { groupQueries } from './groups.repo';
import { lookupQueries } from './lookups.repo';
import { userQueries } from './users.repo';

function securityQueries(db: Db) {
  return { ...userQueries(db), ...groupQueries(db), ...lookupQueries(db) };
}

export type SecurityQueries = ReturnType<typeof securityQueries>;

/** All SQL of the security panel: users, groups and the customer/project/module lookups. */
export function createSecurityRepo(db: Db) {
  return {
    ...securityQueries(db),
    /** Runs `work` with the same queries bound to one transaction: a failed write changes nothing. */
    transaction<T>(work: (repo: SecurityQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute((trx) => work(securityQueries(trx)));
    },
  };
}

export type SecurityRepo = ReturnType<typeof createSecurityRepo>;
