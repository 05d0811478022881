import type { AdminScene } from '@mirante/shared';
import { monthFromNow } from './MonthFilter';

/**
 * The month (YYYY-MM) 'Análise I.A' opens on: that of the newest ready image without analysis, so that an image
 * dated in another month (a 2024 survey) is listed at once; the previous month when there is none.
 */
export function openingMonth(
  scenesWithoutAnalysis: readonly Pick<AdminScene, 'isoDate' | 'status'>[],
): string {
  const newest = scenesWithoutAnalysis
    .filter((scene) => scene.status === 'ready')
    .reduce<string | null>(
      (latest, scene) => (latest === null || scene.isoDate > latest ? scene.isoDate : latest),
      null,
    );
  return newest === null ? monthFromNow(-1) : newest.slice(0, 7);
}
