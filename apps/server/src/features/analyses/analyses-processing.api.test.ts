import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SceneWithAnalysis } from '@mirante/shared';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { analysesKit, dayOfMonth } from '../../../test/analyses-test-kit';
import type { DetectionJobInput, DetectionProcessor } from './analyses.processing';

let ctx: TestContext;
let kit: ReturnType<typeof analysesKit>;
let admin: string;
let projectId: number;
/** What the AI of `withAi` does (its context's processor calls it). */
let ai: DetectionProcessor = async () => undefined;
let withAi: TestContext;
let withAiKit: ReturnType<typeof analysesKit>;
let withAiAdmin: string;

async function newAnalysis(day: number, on = kit, token = admin): Promise<number> {
  const sceneId = await on.insertScene(projectId, dayOfMonth(-1, day));
  const response = await on.call(token, 'POST', '/detection', { projectId, sceneId });
  return response.json<{ id: number }>().id;
}

beforeAll(async () => {
  [ctx, withAi] = await Promise.all([
    createTestContext(),
    createTestContext({}, { processor: (job, report) => ai(job, report) }),
  ]);
  kit = analysesKit(ctx);
  withAiKit = analysesKit(withAi);
  [admin, withAiAdmin] = await Promise.all([
    ctx.login('admin@mirante.app.br'),
    withAi.login('admin@mirante.app.br'),
  ]);
  projectId = await kit.projectId('jardim-das-palmeiras');
});

afterAll(async () => {
  await ctx?.close();
  await withAi?.close();
});

describe('POST detections/process-ai', () => {
  it('marks the analyses as sent and, with no processor, the job fails visibly', async () => {
    const id = await newAnalysis(3);
    const response = await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [id] });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '1 análise enviada para a fila de processamento.', count: 1 });
    await ctx.services.analyses.whenIdle();
    expect(await kit.detection(id)).toMatchObject({
      analysisAi: true,
      processingState: 'failed',
      processingError: 'processamento indisponível',
    });
    await expect(ctx.services.analyses.runProcessing(id)).rejects.toThrow('processamento indisponível');

    const rows = (await kit.call(admin, 'GET', '/scenes/with-analysis?process_ia=1')).json<
      SceneWithAnalysis[]
    >();
    expect(rows.find((row) => row.detect_id === id)).toMatchObject({
      analysis_ai: 'Sim',
      processing_state: 'failed',
      error_message: 'processamento indisponível',
    });
  });

  it('hands the job to the given processor, which reports progress; its failure is kept', async () => {
    const seen: DetectionJobInput[] = [];
    const progress: number[] = [];
    ai = async (job, report) => {
      seen.push(job);
      await report.progress(40);
      progress.push((await withAiKit.detection(job.detectId))?.processingProgress ?? -1);
      if (job.sceneId < 0) throw new Error('never');
    };
    const id = await newAnalysis(5, withAiKit, withAiAdmin);
    await withAiKit.call(withAiAdmin, 'POST', '/detections/process-ai', { detect_id: [id] });
    await withAi.services.analyses.whenIdle();
    expect(seen).toEqual([expect.objectContaining({ detectId: id, projectId, beforeSceneId: null })]);
    expect(progress).toEqual([40]);
    expect(await withAiKit.detection(id)).toMatchObject({ processingState: 'done', processingProgress: 100 });

    ai = async () => {
      throw new Error('Modelo sem memória');
    };
    await withAiKit.call(withAiAdmin, 'POST', '/detections/process-ai', { detect_id: [id] });
    await withAi.services.analyses.whenIdle();
    expect(await withAiKit.detection(id)).toMatchObject({
      processingState: 'failed',
      processingError: 'Modelo sem memória',
    });
  });

  it('refuses unknown and empty lists', async () => {
    expect(
      (await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [999_999] })).statusCode,
    ).toBe(404);
    expect((await kit.call(admin, 'POST', '/detections/process-ai', { detect_id: [] })).statusCode).toBe(422);
    expect((await kit.call(admin, 'POST', '/detections/process-ai', {})).statusCode).toBe(422);
  });
});
