import type { Db } from '../../db/database';

/** Customers, projects and modules as the security panel needs them (ids checked against a customer). */
export function lookupQueries(db: Db) {
  return {
    listCustomers(customerId: number | null) {
      let query = db.selectFrom('customers').select(['id', 'name']);
      if (customerId !== null) query = query.where('id', '=', customerId);
      return query.orderBy('name').execute();
    },

    findCustomer(id: number) {
      return db.selectFrom('customers').select(['id', 'name']).where('id', '=', id).executeTakeFirst();
    },

    /** The projects a user of the customer may be given: archived ones are not offered. */
    projectsOfCustomer(customerId: number) {
      return db
        .selectFrom('projects')
        .select(['id', 'name', 'projectType'])
        .where('customerId', '=', customerId)
        .where('archivedAt', 'is', null)
        .orderBy('name')
        .execute();
    },

    projectsByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('projects').select(['id', 'customerId']).where('id', 'in', ids).execute();
    },

    modulesByIds(ids: number[]) {
      if (ids.length === 0) return Promise.resolve([]);
      return db.selectFrom('modules').select(['id', 'code']).where('id', 'in', ids).execute();
    },
  };
}
