import type { MessagePort } from 'node:worker_threads';
import { DEFAULT_IMAGE_LIMITS } from '../../../imagery/limits';
import { withSceneOnDisk, type SceneOnDisk } from '../../../imagery/scene-on-disk';
import { loadBuiltModel } from './built-model';
import { classifyScene, type LotClassification } from './classify-scene';
import type { LotFeatures } from './lot-features';
import type { LotInput } from './lot-scan';
import { adaptsTo, projectModel, type Correction } from './project-adaptation';
import {
  FAMILIARITY_SAMPLE_LOTS,
  loadFamiliarityStats,
  sampleSceneFeatures,
  sceneFamiliarity,
  type SceneFamiliarity,
} from './scene-familiarity';
import { unreadableReason } from './scene-readability';
import { learnSceneDictionary } from './scene-features';
import type { TextureDictionary } from './texture-words';

/** What the writer keeps of a lot's reading. */
export type LotReading = Pick<LotClassification, 'lotId' | 'status' | 'confidence' | 'features'>;

export interface ClassifyLotsInput {
  scene: SceneOnDisk;
  lots: LotInput[];
  /** Features of the same lots in the project's previous analysed scene, by lot id. */
  previous: Map<string, LotFeatures>;
  /** The project's manual corrections and a sample of its uncorrected lots (project-adaptation.ts). */
  corrections: Correction[];
  uncorrected: LotFeatures[];
  dictionary: TextureDictionary | null;
  /** The scene is unlike the imagery the AI knows (readSceneForAi): every reading goes to 'A revisar'. */
  unfamiliar: boolean;
}

/** Readings are posted in batches of this many lots (the writer stores 500 at a time). */
const POST_EVERY = 250;

/** The AI's CPU work, as the CPU pool's threads run it. */
export const detectionTasks = {
  /**
   * Whether the model can read the scene (the reason it cannot, in pt-BR), whether the scene is unlike the
   * imagery it knows (judged on a sample of lots against the training ranges, widened by the project's
   * corrected lots when they are enough to adapt the model to the project: scene-familiarity.ts) and, when
   * asked, the texture words learnt on it for a project that has none yet.
   */
  async readSceneForAi(input: {
    scene: SceneOnDisk;
    lots: LotInput[];
    learnDictionary: boolean;
    corrections: Correction[];
  }): Promise<{
    unreadable: string | null;
    familiarity: SceneFamiliarity | null;
    dictionary: TextureDictionary | null;
  }> {
    return withSceneOnDisk(input.scene, DEFAULT_IMAGE_LIMITS, async (raster) => {
      const unreadable = await unreadableReason(raster);
      if (unreadable) return { unreadable, familiarity: null, dictionary: null };
      const familiarity = sceneFamiliarity(
        loadFamiliarityStats(),
        await sampleSceneFeatures(raster, input.lots, FAMILIARITY_SAMPLE_LOTS),
        adaptsTo(input.corrections) ? input.corrections.map((c) => c.features) : [],
      );
      const dictionary = input.learnDictionary ? await learnSceneDictionary(raster, input.lots) : null;
      return { unreadable: null, familiarity, dictionary };
    });
  },

  /**
   * Adapts the built/empty model to the project and reads every lot, posting the readings on `port` in
   * batches (`LotReading[]`) as lots complete; answers how many lots it read.
   */
  async classifyLots(input: ClassifyLotsInput, port: MessagePort): Promise<number> {
    const project = projectModel(loadBuiltModel(), input.corrections, undefined, input.uncorrected);
    return withSceneOnDisk(input.scene, DEFAULT_IMAGE_LIMITS, async (raster) => {
      let batch: LotReading[] = [];
      let count = 0;
      const readings = classifyScene({
        raster,
        lots: input.lots,
        previous: input.previous,
        project,
        dictionary: input.dictionary,
        unfamiliar: input.unfamiliar,
      });
      for await (const { lotId, status, confidence, features } of readings) {
        batch.push({ lotId, status, confidence, features });
        count += 1;
        if (batch.length >= POST_EVERY) {
          port.postMessage(batch);
          batch = [];
        }
      }
      if (batch.length > 0) port.postMessage(batch);
      return count;
    });
  },
};
