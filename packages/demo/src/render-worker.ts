import { parentPort } from 'node:worker_threads';
import { renderSceneJob, type SceneJob } from './demo-imagery';

// Worker thread: renders the scene jobs the generator posts, one at a time.
parentPort?.on('message', (job: SceneJob) => {
  renderSceneJob(job).then(
    (entry) => parentPort?.postMessage({ entry }),
    (error: unknown) =>
      parentPort?.postMessage({ error: error instanceof Error ? error.message : String(error) }),
  );
});
