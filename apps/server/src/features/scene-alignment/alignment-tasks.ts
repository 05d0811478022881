import {
  estimateAlignment,
  type AlignmentEstimate,
  type AlignmentScene,
} from './estimate/estimate-alignment';
import { openArchiveFiles } from './estimate/tile-window';

export interface EstimateSceneAlignmentInput {
  reference: AlignmentScene;
  scene: AlignmentScene;
}

/** The alignment estimate's CPU work, as the CPU pool's threads run it: tile archives on disk in, numbers out. */
export const alignmentTasks = {
  async estimateSceneAlignment(input: EstimateSceneAlignmentInput): Promise<AlignmentEstimate> {
    const files = openArchiveFiles();
    try {
      return await estimateAlignment(files, input.reference, input.scene);
    } finally {
      await files.close();
    }
  },
};
