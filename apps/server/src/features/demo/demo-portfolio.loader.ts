import { DEMO_SEED } from '@mirante/demo/demo-imagery';
import { demoSite } from '@mirante/demo/demo-sites';
import type { Db } from '../../db/database';
import { financeRepoFor, writeSaleValues } from '../finance';

/**
 * Loads the demo allotment's finance portfolio (sales, buyers, instalments, defaults, deeds; generated from the
 * same lot timelines as its scenes) into its lots, once: a project that already has sale data is left alone.
 * Written through the finance feature's writer, so each lot's history shows the initial load. Returns the
 * number of lots written.
 */
export async function loadDemoPortfolio(db: Db): Promise<number> {
  const site = await demoSite('allotment', DEMO_SEED);
  const records = site.portfolio?.() ?? [];
  const project = await db
    .selectFrom('projects')
    .select('id')
    .where('space', '=', site.space)
    .executeTakeFirst();
  if (!project || records.length === 0) return 0;
  const existing = await db
    .selectFrom('lotInformations')
    .select('layerId')
    .where('projectId', '=', project.id)
    .limit(1)
    .executeTakeFirst();
  if (existing) return 0;
  const lots = await db
    .selectFrom('layers')
    .select(['id', 'sourceKey'])
    .where('projectId', '=', project.id)
    .where('type', '=', 'LOT')
    .execute();
  const ids = new Map(lots.map((lot) => [lot.sourceKey, lot.id]));
  return db.transaction().execute(async (trx) => {
    const repo = financeRepoFor(trx);
    let written = 0;
    for (const { lotKey, ...values } of records) {
      const layerId = ids.get(lotKey);
      if (layerId === undefined) continue;
      await writeSaleValues(repo, { layerId, projectId: project.id }, values, {
        userId: null,
        name: 'Sistema',
        source: 'demo',
      });
      written += 1;
    }
    return written;
  });
}
