import { fromSirgasUtm } from '@mirante/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { factories, type Factories } from '../../test/factories';
import { createTestContext, type TestContext } from '../../test/test-app';
import { recomputePlanarAreas } from './planar-areas';

let ctx: TestContext;
let make: Factories;

beforeAll(async () => {
  ctx = await createTestContext();
  make = factories(ctx);
});

afterAll(() => ctx.close());

/** A lot surveyed as 12 × 30 m in SIRGAS 2000 / UTM 22S, near Maringá, as lon/lat. */
function surveyedLot() {
  const toLonLat = fromSirgasUtm(31982);
  const [e, n] = [405_000, 7_412_000];
  const corners = [
    [e, n],
    [e + 12, n],
    [e + 12, n + 30],
    [e, n + 30],
    [e, n],
  ].map(toLonLat);
  return { type: 'Polygon', coordinates: [corners] };
}

const areaOf = async (id: number) =>
  (await ctx.db.selectFrom('layers').select('areaM2').where('id', '=', id).executeTakeFirstOrThrow()).areaM2;

it('recomputes a stored spherical lot area as its planar SIRGAS 2000 / UTM area, once per installation', async () => {
  const project = await make.buildProject();
  const lot = await make.buildLayer(project.id, { name: 'Lote 12x30' });
  const point = await make.buildLayer(project.id, { name: 'Marco' });
  await ctx.db
    .updateTable('layers')
    .set({ geoJson: JSON.stringify(surveyedLot()), areaM2: 361.1 })
    .where('id', '=', lot)
    .execute();
  await ctx.db
    .updateTable('layers')
    .set({ geoJson: JSON.stringify({ type: 'Point', coordinates: [-51.9, -23.4] }), areaM2: 0 })
    .where('id', '=', point)
    .execute();
  // As in a database of an earlier release: the step has not run.
  await ctx.db.deleteFrom('installationMarkers').where('name', '=', 'planar-areas').execute();

  expect(await recomputePlanarAreas(ctx.db)).toBeGreaterThanOrEqual(1);
  expect(await areaOf(lot)).toBe(360);
  expect(await areaOf(point)).toBe(0);

  // Recorded: a later start changes nothing, even a value edited since.
  await ctx.db.updateTable('layers').set({ areaM2: 361.1 }).where('id', '=', lot).execute();
  expect(await recomputePlanarAreas(ctx.db)).toBe(0);
  expect(await areaOf(lot)).toBe(361.1);
});

it('leaves the rows as they were when run twice at once (one transaction waits for the other)', async () => {
  await ctx.db.deleteFrom('installationMarkers').where('name', '=', 'planar-areas').execute();
  const counts = await Promise.all([recomputePlanarAreas(ctx.db), recomputePlanarAreas(ctx.db)]);
  expect(counts.filter((count) => count === 0)).toHaveLength(1);
  const markers = await ctx.db
    .selectFrom('installationMarkers')
    .select('name')
    .where('name', '=', 'planar-areas')
    .execute();
  expect(markers).toHaveLength(1);
});
