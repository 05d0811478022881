import type { MessagePort } from 'node:worker_threads';
import { DEFAULT_IMAGE_LIMITS } from '../../imagery/limits';
import { withSceneOnDisk, type SceneOnDisk } from '../../imagery/scene-on-disk';
import { areaMask, type Area, type ChangeGrid } from './detector/change-grid';
import { detectChange, type ChangePatch, type DetectorSettings } from './detector/detect-change';
import { sampleScene } from './detector/sample-scene';
import { proposalPreviews } from './imaging/proposal-previews';

export interface DetectChangeInput {
  before: SceneOnDisk;
  after: SceneOnDisk;
  grid: ChangeGrid;
  area: Area;
  settings: DetectorSettings;
}

/** A found change with its before/after preview PNGs. */
export interface ChangeProposal {
  patch: ChangePatch;
  before: Uint8Array;
  after: Uint8Array;
}

function sampleOnGrid(scene: SceneOnDisk, grid: ChangeGrid): Promise<Uint8Array> {
  return withSceneOnDisk(scene, DEFAULT_IMAGE_LIMITS, (source) => sampleScene(source, grid));
}

/** The environment detector's CPU work, as the CPU pool's threads run it. */
export const environmentTasks = {
  /**
   * Both scenes resampled onto the grid, the vegetation changes found and a preview pair drawn for each;
   * posts the progress (percent) as it goes.
   */
  async detectEnvironmentChange(input: DetectChangeInput, port: MessagePort): Promise<ChangeProposal[]> {
    const before = await sampleOnGrid(input.before, input.grid);
    port.postMessage(35);
    const after = await sampleOnGrid(input.after, input.grid);
    port.postMessage(65);
    const patches = detectChange(
      { grid: input.grid, before, after, area: areaMask(input.grid, input.area) },
      input.settings,
    );
    port.postMessage(90);
    const proposals: ChangeProposal[] = [];
    for (const patch of patches) {
      const previews = await proposalPreviews(input.grid, before, after, patch);
      proposals.push({ patch, before: previews.before, after: previews.after });
    }
    return proposals;
  },
};
