import type { Scene } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import { analysisMapScene } from './analysisMapScene';

const scene = (id: number, isoDate: string) => ({ id, isoDate }) as Scene;
const scenes = [scene(1, '2025-11-01'), scene(3, '2026-11-01'), scene(2, '2026-05-01')];

describe('analysisMapScene', () => {
  it("shows the analysis's after scene, even when a later one exists", () => {
    expect(analysisMapScene(scenes, { afterScene: { id: 2 } })?.id).toBe(2);
  });

  it('shows nothing for an analysis whose after scene the user cannot see', () => {
    expect(analysisMapScene(scenes, { afterScene: { id: 9 } })).toBeNull();
  });

  it('shows the latest scene when there is no analysis to show, and nothing without scenes', () => {
    expect(analysisMapScene(scenes, null)?.id).toBe(3);
    expect(analysisMapScene([], null)).toBeNull();
  });
});
