import { demoConstructionNotes } from '@mirante/demo/construction-notes';
import type { Db } from '../../db/database';
import type { Services } from '../../services';
import { measureNoteShape } from '../construction';

/**
 * The demo construction site's inspections (one per drone scene, phase 1…n), their DSMs (generated from the
 * same plan as the images and 3D models) and categorised notes, the pit's volume measured on the DSM.
 */
export async function loadDemoConstruction(
  db: Db,
  services: Services,
  projectId: number,
  scenes: readonly { sceneId: number; index: number }[],
): Promise<void> {
  const project = await db
    .selectFrom('projects')
    .select('customerId')
    .where('id', '=', projectId)
    .executeTakeFirstOrThrow();
  const categories = new Map<string, number>();
  for (const { sceneId, index } of scenes) {
    // The DSM is generated, and the pit's volume measured on it, on the CPU pool.
    const rendered = await services.cpu.run('renderDemoDsm', index);
    const dsm = Buffer.from(rendered.buffer, rendered.byteOffset, rendered.byteLength);
    await services.elevation.upload(sceneId, dsm, `aurora-dsm-${index + 1}.tif`);
    const inspection = await db
      .insertInto('inspections')
      .values({ projectId, sceneId, phase: index + 1 })
      .onConflict((conflict) => conflict.column('sceneId').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inspection) continue;
    const scene = await db
      .selectFrom('scenes')
      .select('date')
      .where('id', '=', sceneId)
      .executeTakeFirstOrThrow();
    for (const note of demoConstructionNotes(index)) {
      let categoryId = categories.get(note.category);
      if (categoryId === undefined) {
        const existing = await db
          .selectFrom('noteCategories')
          .select('id')
          .where('customerId', '=', project.customerId)
          .where('name', '=', note.category)
          .executeTakeFirst();
        categoryId =
          existing?.id ??
          (
            await db
              .insertInto('noteCategories')
              .values({ customerId: project.customerId, name: note.category, color: note.color })
              .returning('id')
              .executeTakeFirstOrThrow()
          ).id;
        categories.set(note.category, categoryId);
      }
      const measured =
        note.geometry.type === 'Polygon' && note.name.startsWith('Escavação')
          ? await services.cpu.run('measureVolumeOnBytes', {
              bytes: new Uint8Array(dsm),
              ring: note.geometry.coordinates[0] ?? [],
              base: 'triangulate',
            })
          : null;
      await db
        .insertInto('notes')
        .values({
          projectId,
          inspectionId: inspection.id,
          categoryId,
          name: note.name,
          date: scene.date,
          description: note.description,
          noteType: note.noteType,
          geometry: JSON.stringify(note.geometry),
          area: measureNoteShape(note.noteType, note.geometry),
          volume: measured ? Math.round(measured.cut * 100) / 100 : 0,
        })
        .execute();
    }
  }
}
