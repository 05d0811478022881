import { ANALYSIS_MESSAGES } from '@mirante/shared';
import { CpuPoolClosedError } from '../../cpu/cpu-pool';
import type { AnalysesRepo } from './analyses.repo';

/** What the AI processor receives for one analysis. */
export interface DetectionJobInput {
  detectId: number;
  projectId: number;
  /** The analysed scene. */
  sceneId: number;
  /** Environment analyses: the earlier scene; null otherwise. */
  beforeSceneId: number | null;
}

export interface ProcessingReporter {
  /** 0–100; shown in the 'Processamento I.A' tab. */
  progress(percent: number): Promise<void>;
}

/**
 * The AI that reads the scene's pixels and writes the detections (features/detections). It stores
 * its own results; resolving marks the analysis done, throwing marks it failed with the error's message.
 */
export type DetectionProcessor = (job: DetectionJobInput, report: ProcessingReporter) => Promise<void>;

/** Hands a processing job to whoever runs it: pg-boss in the server (`startJobs`). */
export type ProcessingDispatch = (detectId: number) => Promise<void>;

export interface ProcessingOptions {
  /** The AI; null where none is installed (each job then fails visibly). */
  processor: DetectionProcessor | null;
  /** Absent: jobs run in this process, in the background (tests, scripts). */
  dispatch?: ProcessingDispatch;
}

/** Thrown by a job when there is no processor: the job fails visibly, no result is invented. */
export class ProcessingUnavailableError extends Error {
  constructor() {
    super(ANALYSIS_MESSAGES.processingUnavailable);
    this.name = 'ProcessingUnavailableError';
  }
}

/** A running AI processing touches its analysis this often… */
const PROCESSING_HEARTBEAT_SECONDS = 10;
/** …and one silent for this long lost its worker: the analysis may be claimed and processed again. */
export const PROCESSING_STALE_SECONDS = 40;

const errorMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : ANALYSIS_MESSAGES.unknownError;

/** The AI queue of analyses: the processor hook, the dispatcher and the state kept in `detections`. */
export function createAnalysisProcessing(repo: AnalysesRepo, { processor, dispatch }: ProcessingOptions) {
  const running = new Set<Promise<unknown>>();

  async function run(detectId: number): Promise<void> {
    const row = await repo.findById(detectId);
    if (!row) return; // removed after it was queued: nothing to process
    if (!processor) {
      await repo.update(detectId, {
        processingState: 'failed',
        processingError: ANALYSIS_MESSAGES.processingUnavailable,
      });
      throw new ProcessingUnavailableError();
    }
    // Another live run holds it (a duplicate job): nothing to do. A re-run after a crash replaces the results.
    if (!(await repo.claimProcessing(detectId, PROCESSING_STALE_SECONDS))) return;
    const heartbeat = setInterval(() => {
      repo.touchProcessing(detectId).catch(() => undefined); // a missed beat only lets a later one count
    }, PROCESSING_HEARTBEAT_SECONDS * 1000);
    const report: ProcessingReporter = {
      progress: (percent) =>
        repo.update(detectId, { processingProgress: Math.max(0, Math.min(100, Math.round(percent))) }),
    };
    try {
      await processor(
        { detectId, projectId: row.projectId, sceneId: row.sceneId, beforeSceneId: row.beforeSceneId },
        report,
      );
    } catch (error) {
      // Stopped with its process: left processing, it resumes after the restart as after a crash.
      if (error instanceof CpuPoolClosedError) throw error;
      await repo.update(detectId, { processingState: 'failed', processingError: errorMessage(error) });
      throw error;
    } finally {
      clearInterval(heartbeat);
    }
    await repo.update(detectId, { processingState: 'done', processingProgress: 100, processingError: null });
  }

  const runInProcess: ProcessingDispatch = async (detectId) => {
    const task = run(detectId)
      .catch(() => undefined)
      .finally(() => running.delete(task));
    running.add(task);
  };

  return {
    run,
    enqueue: dispatch ?? runInProcess,
    /** Resolves when every in-process job has finished (tests). */
    async whenIdle(): Promise<void> {
      while (running.size > 0) await Promise.allSettled([...running]);
    },
  };
}
