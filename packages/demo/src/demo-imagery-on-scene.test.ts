import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateDemoImagery, type SceneJob, type SceneManifestEntry } from './demo-imagery';

let outDir: string;

beforeAll(async () => {
  outDir = await mkdtemp(path.join(tmpdir(), 'mirante-demo-on-scene-'));
});

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
});

describe('generateDemoImagery with renderJob', () => {
  it('hands each scene over as soon as it is rendered, before the next render starts', async () => {
    const events: string[] = [];
    const jobs: SceneJob[] = [0, 1, 2].map((dateIndex) => ({
      site: 'construction',
      dateIndex,
      outDir,
      seed: 1,
      scale: 1,
    }));
    const manifest = await generateDemoImagery({
      outDir,
      sites: ['construction'],
      workers: 1,
      prepareSite: async () => ({
        site: { key: 'construction', space: 'edificio-aurora', layers: 'l', groundTruth: 't', scenes: [] },
        jobs,
      }),
      renderJob: async (job) => {
        events.push(`render ${job.dateIndex}`);
        return { site: job.site, file: `${job.dateIndex}.tif` } as SceneManifestEntry;
      },
      onScene: async (entry) => {
        events.push(`ingest ${entry.file}`);
      },
    });
    expect(events).toEqual([
      'render 0',
      'ingest 0.tif',
      'render 1',
      'ingest 1.tif',
      'render 2',
      'ingest 2.tif',
    ]);
    expect(manifest.sites[0]?.scenes.map((scene) => scene.file)).toEqual(['0.tif', '1.tif', '2.tif']);
  });
});
