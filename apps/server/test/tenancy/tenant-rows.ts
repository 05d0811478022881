import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { hashToken } from '../../src/features/auth/tokens';
import type { TestContext } from '../test-app';
import { factories } from '../factories';

/** The kinds of row an id in the contract names. */
export type IdKind =
  | 'customer'
  | 'project'
  | 'scene'
  | 'layer'
  | 'observation'
  | 'photo'
  | 'detection'
  | 'group'
  | 'user'
  | 'accessToken'
  | 'space'
  | 'inspection'
  | 'note'
  | 'noteCategory'
  | 'overlay'
  | 'environmentFeature'
  | 'gisKey'
  | 'alertEvent'
  | 'shareLink'
  | 'timelapseExport'
  | 'reportSchedule';

/** One row of every kind belonging to one customer (a project's space is the id of its tile URLs). */
export interface TenantRows {
  ids: Record<IdKind, number | string>;
  space: string;
  sceneDate: string;
}

export const SCENE_DATE = '2025-03-01';
const FILE_BYTES = Buffer.from('conteúdo de teste de um arquivo guardado');

async function storeFile(ctx: TestContext, key: string): Promise<void> {
  const file = path.join(ctx.config.storageDir, key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, FILE_BYTES);
}

/**
 * Rows of every id kind in `projectSpace`'s project and customer: demo rows where the seed has them (the
 * project, its layers, the customer's users and group), built ones otherwise (a published ready scene whose
 * files exist, an observation with a stored photo, an analysis, an access token, a GIS key, an alert, a share
 * link, a timelapse export). A user of another customer
 * must reach none of them.
 */
export async function tenantRows(
  ctx: TestContext,
  projectSpace: string,
  userEmail: string,
): Promise<TenantRows> {
  const build = factories(ctx);
  const project = await ctx.db
    .selectFrom('projects')
    .select(['id', 'customerId', 'space'])
    .where('space', '=', projectSpace)
    .executeTakeFirstOrThrow();
  const user = await ctx.db
    .selectFrom('users')
    .select(['id', 'groupId'])
    .where('email', '=', userEmail)
    .executeTakeFirstOrThrow();
  const groupId = user.groupId ?? (await build.buildGroup(project.customerId, []));

  const sceneId = await build.buildScene(project.id, { date: SCENE_DATE, published: true });
  const scene = await ctx.db
    .updateTable('scenes')
    .set({
      previewKey: `scenes/p${project.id}/${SCENE_DATE}-fixture/preview.png`,
      bounds: [-52, -24, -51, -23],
    })
    .where('id', '=', sceneId)
    .returning(['originalKey', 'previewKey'])
    .executeTakeFirstOrThrow();
  await storeFile(ctx, scene.originalKey);
  if (scene.previewKey) await storeFile(ctx, scene.previewKey);

  const layerId = await projectLayer(ctx, project.id);
  const observation = await ctx.db
    .insertInto('layerObservations')
    .values({ layerId, date: SCENE_DATE, description: 'Observação de teste', createdBy: user.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const photoKey = `observations/tenancy-${project.id}/${observation.id}-1.jpg`;
  await storeFile(ctx, photoKey);
  const photo = await ctx.db
    .insertInto('layerObservationPhotos')
    .values({
      observationId: observation.id,
      position: 1,
      storageKey: photoKey,
      contentType: 'image/jpeg',
      sizeBytes: FILE_BYTES.length,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const detection = await ctx.db
    .insertInto('detections')
    .values({ projectId: project.id, sceneId })
    .returning('id')
    .executeTakeFirstOrThrow();
  const accessToken = await ctx.db
    .insertInto('accessTokens')
    .values({
      userId: user.id,
      tokenHash: hashToken(`tenancy-${project.id}`),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const gisKey = await ctx.db
    .insertInto('gisKeys')
    .values({
      userId: user.id,
      name: 'Chave de teste',
      keyHash: hashToken(`tenancy-gis-${project.id}`),
      keyPrefix: 'mgk_tenancy',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const alertEvent = await ctx.db
    .insertInto('alertEvents')
    .values({
      projectId: project.id,
      kind: 'scene_published',
      dedupeKey: `tenancy-${project.id}`,
      payload: JSON.stringify({ sceneId }),
      dispatchedAt: new Date(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('alertDeliveries')
    .values({ eventId: alertEvent.id, userId: user.id, emailMode: 'none' })
    .execute();
  const shareLink = await ctx.db
    .insertInto('shareLinks')
    .values({
      projectId: project.id,
      createdBy: user.id,
      kind: 'map',
      date: SCENE_DATE,
      tokenHash: hashToken(`tenancy-share-${project.id}`),
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const timelapseExport = await ctx.db
    .insertInto('timelapseExports')
    .values({
      projectId: project.id,
      userId: user.id,
      lotId: null,
      format: 'webp',
      request: JSON.stringify({
        west: -51.95,
        south: -23.42,
        east: -51.94,
        north: -23.41,
        width: 640,
        height: 360,
        frameMs: 800,
      }),
      sceneIds: [sceneId],
      fileName: 'timelapse-de-teste.webp',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const reportSchedule = await ctx.db
    .insertInto('reportSchedules')
    .values({
      projectId: project.id,
      frequency: 'weekly',
      day: 1,
      createdBy: user.id,
      nextRunAt: new Date(Date.now() + 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await ctx.db
    .insertInto('reportScheduleRecipients')
    .values({ scheduleId: reportSchedule.id, userId: user.id })
    .execute();

  const construction = await constructionRows(ctx, project.id, project.customerId, sceneId);
  const overlayHash = randomBytes(16).toString('hex');
  const overlayFolder = `overlays/p${project.id}/${overlayHash}`;
  await storeFile(ctx, `${overlayFolder}/image.png`);
  await storeFile(ctx, `${overlayFolder}/small.png`);
  await ctx.db
    .insertInto('overlayFiles')
    .values({
      hash: overlayHash,
      projectId: project.id,
      imageKey: `${overlayFolder}/image.png`,
      smallKey: `${overlayFolder}/small.png`,
      width: 100,
      height: 100,
    })
    .execute();
  const corners = [
    [-51.95, -23.42],
    [-51.949, -23.42],
    [-51.949, -23.421],
    [-51.95, -23.421],
  ];
  const overlay = await ctx.db
    .insertInto('overlays')
    .values({
      projectId: project.id,
      name: 'Planta de teste',
      hash: overlayHash,
      bounds: JSON.stringify([corners[3], corners[1]]),
      corners: JSON.stringify(corners),
      points: JSON.stringify([]),
      transform: 'similarity',
      residuals: JSON.stringify([]),
      rmse: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  return {
    ids: {
      customer: project.customerId,
      project: project.id,
      scene: sceneId,
      layer: layerId,
      observation: observation.id,
      photo: photo.id,
      detection: detection.id,
      group: groupId,
      user: user.id,
      accessToken: Number(accessToken.id),
      overlay: overlay.id,
      environmentFeature: await environmentFeature(ctx, detection.id),
      gisKey: gisKey.id,
      alertEvent: Number(alertEvent.id),
      shareLink: shareLink.id,
      timelapseExport: timelapseExport.id,
      reportSchedule: reportSchedule.id,
      space: project.space,
      ...construction,
    },
    space: project.space,
    sceneDate: SCENE_DATE,
  };
}

/** An inspection on the scene, a note category of the customer and a note of the inspection. */
async function constructionRows(ctx: TestContext, projectId: number, customerId: number, sceneId: number) {
  const inspection = await ctx.db
    .insertInto('inspections')
    .values({ projectId, sceneId, phase: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const category = await ctx.db
    .insertInto('noteCategories')
    .values({ customerId, name: `Categoria ${projectId}`, color: '#ff0000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const note = await ctx.db
    .insertInto('notes')
    .values({
      projectId,
      inspectionId: inspection.id,
      categoryId: category.id,
      name: 'Anotação de teste',
      date: SCENE_DATE,
      description: 'Descrição',
      noteType: 'marker',
      geometry: JSON.stringify({ type: 'Point', coordinates: [-51.95, -23.42] }),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { inspection: inspection.id, noteCategory: category.id, note: note.id };
}

/** A pending vegetation-change proposal of the project's analysis. */
async function environmentFeature(ctx: TestContext, detectionId: number): Promise<number> {
  const [west, south, side] = [-51.95, -23.42, 0.001];
  const ring = [
    [west, south],
    [west + side, south],
    [west + side, south + side],
    [west, south],
  ];
  const row = await ctx.db
    .insertInto('environmentFeatures')
    .values({
      detectionId,
      source: 'ai',
      category: 'DEFO',
      geoJson: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
      areaM2: 5000,
      confidence: 0.8,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A lot of the project: the seed's first layer there, or a new 20 m square lot. */
async function projectLayer(ctx: TestContext, projectId: number): Promise<number> {
  const seeded = await ctx.db
    .selectFrom('layers')
    .select('id')
    .where('projectId', '=', projectId)
    .orderBy('id')
    .executeTakeFirst();
  if (seeded) return seeded.id;
  const [west, south, side] = [-51.95, -23.42, 0.0002];
  const ring = [
    [west, south],
    [west + side, south],
    [west + side, south + side],
    [west, south + side],
    [west, south],
  ];
  const row = await ctx.db
    .insertInto('layers')
    .values({
      projectId,
      type: 'LOT',
      name: 'Lote de teste',
      block: 'A',
      geoJson: JSON.stringify({ type: 'Polygon', coordinates: [ring] }),
      bbox: [west, south, west + side, south + side],
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
