import type { Scene } from '@mirante/shared';

/**
 * The scene under the analysis map: the shown analysis's after scene; with no analysis to show (a customer user
 * whose analyses are all still under review, or a project without any), the project's latest scene, so that the
 * map is never without imagery.
 */
export function analysisMapScene(
  scenes: readonly Scene[],
  analysis: { afterScene: { id: number } } | null,
): Scene | null {
  if (analysis) return scenes.find((scene) => scene.id === analysis.afterScene.id) ?? null;
  return scenes.reduce<Scene | null>(
    (latest, scene) => (latest === null || scene.isoDate > latest.isoDate ? scene : latest),
    null,
  );
}
