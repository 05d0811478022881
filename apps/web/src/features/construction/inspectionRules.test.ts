import { describe, expect, it } from 'vitest';
import type { Inspection, Scene } from '@mirante/shared';
import { inspectionOptions, sceneOptions } from './inspectionRules';

const scene = (id: number, dateFormatted: string) => ({ id, dateFormatted }) as Scene;
const inspection = (id: number, sceneId: number, phase: number): Inspection => ({
  id,
  project_id: 1,
  scene_id: sceneId,
  phase,
  date: '2026-03-10',
  dateText: '10/03/2026',
  scene: { id: sceneId, isoDate: '2026-03-10', published: true },
  hasDsm: false,
});

describe('sceneOptions', () => {
  const scenes = [scene(1, '10/01/2026'), scene(2, '10/02/2026'), scene(3, '10/03/2026')];
  const inspections = [inspection(10, 1, 1), inspection(11, 2, 2)];

  it('disables the scenes used by an inspection when creating one', () => {
    expect(sceneOptions(scenes, inspections, null).map((option) => option.disabled)).toEqual([
      true,
      true,
      false,
    ]);
  });

  it('keeps the scene of the inspection being edited enabled', () => {
    const editing = inspections[1] as Inspection;
    expect(sceneOptions(scenes, inspections, editing).map((option) => option.disabled)).toEqual([
      true,
      false,
      false,
    ]);
  });
});

describe('inspectionOptions', () => {
  it("labels an inspection 'date - Fase #phase'", () => {
    expect(inspectionOptions([inspection(10, 1, 3)])).toEqual([{ value: 10, label: '10/03/2026 - Fase #3' }]);
  });
});
