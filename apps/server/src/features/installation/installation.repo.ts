import type { Db } from '../../db/database';

/** Facts recorded once about this installation (migration 043). */
export type InstallationMarker = 'demo' | 'credentials-path-key-upgraded' | 'planar-areas';

/** The SQL of the installation's markers. */
export function createInstallationRepo(db: Db) {
  return {
    async has(marker: InstallationMarker): Promise<boolean> {
      const row = await db
        .selectFrom('installationMarkers')
        .select('name')
        .where('name', '=', marker)
        .executeTakeFirst();
      return row !== undefined;
    },

    async record(marker: InstallationMarker): Promise<void> {
      await db
        .insertInto('installationMarkers')
        .values({ name: marker })
        .onConflict((conflict) => conflict.column('name').doNothing())
        .execute();
    },
  };
}

export type InstallationRepo = ReturnType<typeof createInstallationRepo>;
