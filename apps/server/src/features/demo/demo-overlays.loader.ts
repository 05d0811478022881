import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { constructionPlanPdf, constructionPlanPoints } from '@mirante/demo/construction-plan';
import { DEMO_SITES } from '@mirante/demo/sites';
import type { Db } from '../../db/database';
import type { Services } from '../../services';
import { makeScratchDir } from '../../storage/scratch';
import { createDemoRepo } from './demo.repo';

export const DEMO_PLAN_NAME = 'Planta de situação - Torre';

/**
 * The demo construction's plan overlay: its site plan drawn as a PDF, converted by the same renderer
 * an upload goes through and laid on the map by the tower's corners. Once per project; returns the overlay id,
 * or null when there is nothing to do.
 */
export async function loadDemoOverlay(db: Db, services: Services): Promise<number | null> {
  const projectId = await createDemoRepo(db).projectIdBySpace(DEMO_SITES.construction.space);
  if (projectId === null) return null;
  const dir = await makeScratchDir('demo-plan');
  try {
    const pdfPath = path.join(dir, 'upload.pdf');
    await writeFile(pdfPath, await constructionPlanPdf());
    return await services.overlays.seedPlan(
      projectId,
      {
        dir,
        pdfPath,
        originalName: 'aurora-planta-situacao.pdf',
        cleanup: () => rm(dir, { recursive: true }),
      },
      DEMO_PLAN_NAME,
      ({ width, height }) => constructionPlanPoints(width, height),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
