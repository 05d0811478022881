import { createDb } from '../../apps/server/src/db/database';
import { createLayerImportService } from '../../apps/server/src/features/layers/layer-import.service';
import { createLayersRepo } from '../../apps/server/src/features/layers/layers.repo';

const STATUSES = ['V', 'B', 'E', 'C', 'O'] as const;

/**
 * Adds lots to a project until it has `total`: a grid of 12 m × 25 m lots in blocks of 2 × 10 around the
 * project's centre (its bounding box grown to fit), each with two statuses (the layers query joins a history).
 */
export async function seedLots(connectionString: string, space: string, total: number): Promise<number> {
  const db = createDb(connectionString, 2);
  try {
    const project = await db
      .selectFrom('projects')
      .select(['id', 'center', 'bbox'])
      .where('space', '=', space)
      .executeTakeFirstOrThrow();
    const repo = createLayersRepo(db);
    const existing = await db
      .selectFrom('layers')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('projectId', '=', project.id)
      .where('type', '=', 'LOT')
      .executeTakeFirstOrThrow();
    const missing = total - Number(existing.count);
    if (missing <= 0) return project.id;
    const [lng0 = -51.16, lat0 = -23.31] = project.center ?? [];
    const dLat = 25 / 111_320;
    const dLng = 12 / (111_320 * Math.cos((lat0 * Math.PI) / 180));
    const perRow = 100;
    const rows = Math.ceil(missing / perRow);
    // A 6 m street every 10 lots across and every 2 lots down.
    const west = lng0 - (perRow / 2) * dLng * 1.05;
    const south = lat0 - (rows / 2) * dLat * 1.12;
    const layers = Array.from({ length: missing }, (_, index) => {
      const col = index % perRow;
      const line = Math.floor(index / perRow);
      const x = west + col * dLng + Math.floor(col / 10) * 0.5 * dLng;
      const y = south + line * dLat + Math.floor(line / 2) * 0.24 * dLat;
      const ring = [
        [x, y],
        [x + dLng * 0.97, y],
        [x + dLng * 0.97, y + dLat * 0.97],
        [x, y + dLat * 0.97],
        [x, y],
      ];
      return {
        type: 'LOT',
        name: `Lote ${(index % 20) + 1}`,
        block: `B${Math.floor(index / 20) + 1}`,
        customerCode: `B${index}`,
        sourceKey: `bench-${index}`,
        geometry: { type: 'Polygon', coordinates: [ring] },
      };
    });
    const east = west + perRow * dLng * 1.06;
    const north = south + rows * dLat * 1.13;
    const [bw = west, bs = south, be = east, bn = north] = project.bbox ?? [];
    await db
      .updateTable('projects')
      .set({ bbox: [Math.min(bw, west), Math.min(bs, south), Math.max(be, east), Math.max(bn, north)] })
      .where('id', '=', project.id)
      .execute();
    const service = createLayerImportService(repo);
    const ids = await service.importLayers(project.id, layers);
    const statuses = [...ids.values()].flatMap((layerId, index) => [
      {
        layerId,
        date: '2025-10-15',
        status: 'V',
        precision: null,
        sceneId: null,
        source: 'manual' as const,
      },
      {
        layerId,
        date: '2026-01-15',
        status: STATUSES[index % STATUSES.length] ?? 'V',
        precision: null,
        sceneId: null,
        source: 'manual' as const,
      },
    ]);
    for (let start = 0; start < statuses.length; start += 2000)
      await service.recordStatuses(statuses.slice(start, start + 2000));
    return project.id;
  } finally {
    await db.destroy();
  }
}
