import { displayDate } from '@mirante/shared';
import { randomUUID } from 'node:crypto';
import type { CpuPool } from '../../cpu/cpu-pool';
import { sceneOnDisk } from '../../imagery/scene-on-disk';
import { withLocalFile } from '../../storage/local-file';
import type { Storage } from '../../storage/storage';
import type { DetectionProcessor } from '../analyses';
import { gridOver, type Area } from './detector/change-grid';
import { DEFAULT_DETECTOR_SETTINGS, type ChangePatch } from './detector/detect-change';
import type { EnvironmentRepo, NewFeature } from './environment.repo';

/** Grid cell of the comparison: 1 m, coarser only when the area would exceed this many cells. */
const CELL_M = 1;
const MAX_CELLS = 6_000_000;

const WORDS = {
  REFO: 'Ganho de vegetação detectado',
  DEFO: 'Perda de vegetação detectada',
  GAMBIRA: 'Outra mudança detectada',
} as const;

const index = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

function describe(patch: ChangePatch, before: string, after: string): string {
  const percent = Math.round(patch.confidence * 100);
  return (
    `${WORDS[patch.category]} entre ${displayDate(before)} e ${displayDate(after)} ` +
    `(ExG − ExR ${index.format(patch.indexBefore)} → ${index.format(patch.indexAfter)}; confiança ${percent}%).`
  );
}

/**
 * The detector as the analyses queue's processor for environment analyses: both scenes resampled onto one grid
 * over the project's boundary, the vegetation changes found (detector/detect-change.ts) and stored as proposals
 * waiting for an ADMIN (a re-run replaces the pending ones).
 */
export function createEnvironmentProcessor(
  repo: EnvironmentRepo,
  storage: Storage,
  cpu: CpuPool,
): DetectionProcessor {
  return async ({ detectId }, report) => {
    const analysis = await repo.findAnalysis(detectId);
    if (!analysis) throw new Error('Análise não encontrada.');
    const area = analysis.delimiter as Area | null;
    if (!area || (area.type !== 'Polygon' && area.type !== 'MultiPolygon')) {
      throw new Error('O projeto não possui limite (delimitação) para analisar.');
    }
    const before = await repo.scene(analysis.beforeId);
    const after = await repo.scene(analysis.afterId);
    if (!before || !after) throw new Error('Imagem não encontrada.');
    let grid = gridOver(area, CELL_M);
    if (grid.width * grid.height > MAX_CELLS) {
      grid = gridOver(area, CELL_M * Math.sqrt((grid.width * grid.height) / MAX_CELLS));
    }
    await report.progress(5);
    // Resampling both scenes, the detector and the previews run on the CPU pool.
    const proposals = await withLocalFile(storage, before.originalKey, (beforeFile) =>
      withLocalFile(storage, after.originalKey, (afterFile) =>
        cpu.run(
          'detectEnvironmentChange',
          {
            before: sceneOnDisk(beforeFile, before.sourceKind, before.sourceBounds),
            after: sceneOnDisk(afterFile, after.sourceKind, after.sourceBounds),
            grid,
            area,
            settings: {
              ...DEFAULT_DETECTOR_SETTINGS,
              minAreaM2: analysis.minAreaM2 ?? DEFAULT_DETECTOR_SETTINGS.minAreaM2,
            },
          },
          { onMessage: (percent) => report.progress(percent as number) },
        ),
      ),
    );
    const rows: NewFeature[] = [];
    for (const { patch, before: beforePng, after: afterPng } of proposals) {
      const key = `environment/analyses/${detectId}/previews/${randomUUID()}`;
      await storage.put(
        `${key}-before.png`,
        Buffer.from(beforePng.buffer, beforePng.byteOffset, beforePng.byteLength),
      );
      await storage.put(
        `${key}-after.png`,
        Buffer.from(afterPng.buffer, afterPng.byteOffset, afterPng.byteLength),
      );
      rows.push({
        detectionId: detectId,
        source: 'ai',
        category: patch.category,
        geometry: patch.geometry,
        areaM2: patch.areaM2,
        description: describe(patch, analysis.beforeDate, analysis.afterDate),
        confidence: patch.confidence,
        reviewStatus: 'pending',
        beforePreviewKey: `${key}-before.png`,
        afterPreviewKey: `${key}-after.png`,
      });
    }
    const replaced = await repo.replaceProposals(detectId, rows);
    for (const key of replaced) await storage.delete(key);
  };
}
