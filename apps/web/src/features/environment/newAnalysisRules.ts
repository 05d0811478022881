import type { Scene } from '@mirante/shared';

/** The validation rules: the after scene must be later than the before scene; only those are offered. */
export function afterSceneOptions(scenes: readonly Scene[], beforeId: number | undefined): Scene[] {
  const before = scenes.find((scene) => scene.id === beforeId);
  if (!before) return [];
  return scenes.filter((scene) => scene.isoDate > before.isoDate);
}

/** Scenes from the oldest, as a before/after pair reads naturally. */
export function chronological(scenes: readonly Scene[]): Scene[] {
  return [...scenes].sort((a, b) => a.isoDate.localeCompare(b.isoDate));
}
