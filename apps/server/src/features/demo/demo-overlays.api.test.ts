import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { georeference, type Overlay } from '@mirante/shared';
import { constructionPlanPoints } from '@mirante/demo/construction-plan';
import { bearer, createTestContext, type TestContext } from '../../../test/test-app';
import { DEMO_PLAN_NAME, loadDemoOverlay } from './demo-overlays.loader';

let context: TestContext;

beforeAll(async () => {
  context = await createTestContext();
});

afterAll(async () => {
  await context.close();
});

describe('the demo construction’s plan overlay', () => {
  it('is rendered from its PDF and laid on the tower’s corners, once', async () => {
    const id = await loadDemoOverlay(context.db, context.services);
    expect(id).not.toBeNull();
    expect(await loadDemoOverlay(context.db, context.services)).toBeNull();

    const token = await context.login('gerente@horizonte.com.br');
    const project = await context.db
      .selectFrom('projects')
      .select('id')
      .where('space', '=', 'edificio-aurora')
      .executeTakeFirstOrThrow();
    const response = await context.app.inject({
      method: 'GET',
      url: `/api/v1/project/${project.id}/overlays`,
      headers: bearer(token),
    });
    const [overlay] = response.json<Overlay[]>();
    expect(overlay).toMatchObject({ id, name: DEMO_PLAN_NAME, transform: 'similarity' });
    // A3 portrait: 4096 px tall, and the corners are those of the tower's points on that image.
    expect(overlay!.height).toBe(4096);
    const expected = georeference(constructionPlanPoints(overlay!.width, overlay!.height), overlay!);
    expect(overlay!.corners).toEqual(expected.corners);
    // The plan spans roughly its 1:250 sheet: 297 mm × 250 ≈ 74 m wide.
    const [topLeft, topRight] = overlay!.corners;
    const metres = (topRight[0] - topLeft[0]) * 111_320 * Math.cos((topLeft[1] * Math.PI) / 180);
    expect(metres).toBeGreaterThan(70);
    expect(metres).toBeLessThan(78);
  }, 120_000);
});
