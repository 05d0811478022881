import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminAnalysis, AdminScene, SceneWithAnalysis, SceneWithoutDetect } from '@mirante/shared';
import { createTestContext, type TestContext } from '../../../test/test-app';
import { factories } from '../../../test/factories';
import { analysesKit, dayOfMonth, formatted, monthOf } from '../../../test/analyses-test-kit';

let ctx: TestContext;
let kit: ReturnType<typeof analysesKit>;
let admin: string;
let allotment: number;
let construction: number;
/** Scenes of the previous month (allotment ×2, construction ×1), one of this month and a failed one. */
let scenes: { prevA: number; prevB: number; prevC: number; current: number; failed: number };

beforeAll(async () => {
  ctx = await createTestContext();
  kit = analysesKit(ctx);
  admin = await ctx.login('admin@mirante.app.br');
  allotment = await kit.projectId('jardim-das-palmeiras');
  construction = await kit.projectId('edificio-aurora');
  scenes = {
    prevA: await kit.insertScene(allotment, dayOfMonth(-1, 10)),
    prevB: await kit.insertScene(allotment, dayOfMonth(-1, 20)),
    prevC: await kit.insertScene(construction, dayOfMonth(-1, 12)),
    current: await kit.insertScene(allotment, dayOfMonth(0, 1)),
    failed: await kit.insertScene(construction, dayOfMonth(-1, 25), 'failed'),
  };
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST detection', () => {
  it('refuses a missing project or scene with the spec messages', async () => {
    const noProject = await kit.call(admin, 'POST', '/detection', { sceneId: scenes.prevA });
    expect(noProject.statusCode).toBe(422);
    expect(noProject.json().message).toBe('Projeto obrigatório');
    const noScene = await kit.call(admin, 'POST', '/detection', { projectId: allotment });
    expect(noScene.statusCode).toBe(422);
    expect(noScene.json().message).toBe('Imagem obrigatória');
    const blank = await kit.call(admin, 'POST', '/detection', { projectId: '', sceneId: '' });
    expect(blank.json().message).toBe('Projeto obrigatório');
  });

  it('refuses a scene of another project, unknown ids and a second analysis of a scene', async () => {
    const other = await kit.call(admin, 'POST', '/detection', {
      projectId: construction,
      sceneId: scenes.prevA,
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe('A imagem escolhida não pertence ao projeto.');
    const unknownScene = await kit.call(admin, 'POST', '/detection', {
      projectId: allotment,
      sceneId: 999_999,
    });
    expect(unknownScene.statusCode).toBe(404);
    const unknownProject = await kit.call(admin, 'POST', '/detection', { projectId: 999_999, sceneId: 1 });
    expect(unknownProject.statusCode).toBe(404);

    const first = await kit.call(admin, 'POST', '/detection', {
      projectId: allotment,
      sceneId: scenes.prevB,
      duplicateDetectAllotment: true,
      publishDetection: true,
    });
    expect(first.statusCode).toBe(200);
    const created = first.json<AdminAnalysis>();
    expect(created).toMatchObject({
      projectId: allotment,
      sceneId: scenes.prevB,
      sceneName: formatted(dayOfMonth(-1, 20)),
      approvalStatus: true,
      analysisAi: false,
      processingState: 'idle',
    });
    expect((await kit.detection(created.id))?.duplicateDetectAllotment).toBe(true);

    const again = await kit.call(admin, 'POST', '/detection', {
      projectId: allotment,
      sceneId: scenes.prevB,
    });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('Esta imagem já possui uma análise.');
  });
});

describe('lists and removal', () => {
  it('GET scenes?withoutAnalysis=1 leaves out scenes that have an analysis', async () => {
    const all = (await kit.call(admin, 'GET', '/scenes')).json<AdminScene[]>().map((s) => s.id);
    const without = (await kit.call(admin, 'GET', '/scenes?withoutAnalysis=1')).json<AdminScene[]>();
    expect(all).toContain(scenes.prevB);
    expect(without.map((s) => s.id)).not.toContain(scenes.prevB);
    expect(without.map((s) => s.id)).toContain(scenes.prevA);
    expect(without.length).toBe(all.length - 1);
  });

  it('GET detections/all lists analyses with project and scene names', async () => {
    const response = await kit.call(admin, 'GET', '/detections/all');
    expect(response.statusCode).toBe(200);
    const rows = response.json<AdminAnalysis[]>();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      projectName: 'Jardim das Palmeiras - Etapas 1 a 3',
      sceneId: scenes.prevB,
    });
  });

  it('GET scenes/without-detect: ready scenes of the previous month by default, or of the month asked', async () => {
    const byDefault = (await kit.call(admin, 'GET', '/scenes/without-detect')).json<SceneWithoutDetect[]>();
    expect(byDefault.map((s) => s.id).sort()).toEqual([scenes.prevA, scenes.prevC].sort());
    expect(byDefault.find((s) => s.id === scenes.prevA)).toEqual({
      id: scenes.prevA,
      project_id: allotment,
      project_name: 'Jardim das Palmeiras - Etapas 1 a 3',
      date_formatted: formatted(dayOfMonth(-1, 10)),
    });
    const current = await kit.call(admin, 'GET', `/scenes/without-detect?month=${monthOf(0)}`);
    expect(current.json<SceneWithoutDetect[]>().map((s) => s.id)).toEqual([scenes.current]);
    const bad = await kit.call(admin, 'GET', '/scenes/without-detect?month=2026-13');
    expect(bad.statusCode).toBe(422);
  });

  it('POST scenes/analysis-ai turns scenes without analysis into analyses and skips the others', async () => {
    const response = await kit.call(admin, 'POST', '/scenes/analysis-ai', {
      scene_id: [scenes.prevA, scenes.prevB],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: '1 análise criada.', count: 1 });
    const again = await kit.call(admin, 'POST', '/scenes/analysis-ai', { scene_id: [scenes.prevA] });
    expect(again.statusCode).toBe(422);
    const empty = await kit.call(admin, 'POST', '/scenes/analysis-ai', { scene_id: [] });
    expect(empty.statusCode).toBe(422);
    const left = (await kit.call(admin, 'GET', '/scenes/without-detect')).json<SceneWithoutDetect[]>();
    expect(left.map((s) => s.id)).toEqual([scenes.prevC]);
  });

  it('GET scenes/with-analysis: this month by default, filtered by approval and AI', async () => {
    const rows = (await kit.call(admin, 'GET', '/scenes/with-analysis')).json<SceneWithAnalysis[]>();
    expect(rows.map((r) => r.id).sort()).toEqual([scenes.prevA, scenes.prevB].sort());
    const published = rows.find((r) => r.id === scenes.prevB);
    expect(published).toMatchObject({
      project_id: allotment,
      date_formatted: formatted(dayOfMonth(-1, 20)),
      analysis_ai: 'Não',
      approval_status: 'Aprovado',
    });
    expect(published?.created_at).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);

    const ids = async (query: string) =>
      (await kit.call(admin, 'GET', `/scenes/with-analysis?${query}`))
        .json<SceneWithAnalysis[]>()
        .map((r) => r.id);
    expect(await ids('approval_status=1')).toEqual([scenes.prevB]);
    expect(await ids('approval_status=2')).toEqual([scenes.prevA]);
    expect(await ids('approval_status=&process_ia=')).toHaveLength(2);
    expect(await ids('process_ia=1')).toEqual([]);
    expect(await ids('process_ia=2')).toHaveLength(2);
    expect(await ids(`month=${monthOf(-1)}`)).toEqual([]);
    expect((await kit.call(admin, 'GET', '/scenes/with-analysis?approval_status=3')).statusCode).toBe(422);
  });

  it('POST detections/approve approves pending analyses', async () => {
    const [pending] = (await kit.call(admin, 'GET', '/scenes/with-analysis?approval_status=2')).json<
      SceneWithAnalysis[]
    >();
    const response = await kit.call(admin, 'POST', '/detections/approve', {
      detect_id: [pending?.detect_id],
    });
    expect(response.json()).toEqual({ message: '1 análise aprovada.', count: 1 });
    expect((await kit.call(admin, 'GET', '/scenes/with-analysis?approval_status=2')).json()).toEqual([]);
    const unknown = await kit.call(admin, 'POST', '/detections/approve', { detect_id: [999_999] });
    expect(unknown.statusCode).toBe(404);
  });

  it('POST detections/delete removes analyses; removing a scene removes its analysis', async () => {
    const [first] = (await kit.call(admin, 'GET', '/detections/all')).json<AdminAnalysis[]>();
    const response = await kit.call(admin, 'POST', '/detections/delete', { ids: [first?.id] });
    expect(response.json()).toEqual({ deleted: 1 });
    expect((await kit.call(admin, 'POST', '/detections/delete', { ids: [] })).statusCode).toBe(422);

    const [remaining] = (await kit.call(admin, 'GET', '/detections/all')).json<AdminAnalysis[]>();
    expect(remaining).toBeDefined();
    await kit.call(admin, 'POST', '/scenes/delete', { ids: [remaining?.sceneId] });
    expect((await kit.call(admin, 'GET', '/detections/all')).json()).toEqual([]);
  });
});

describe('permissions: ADMIN only', () => {
  const calls: [method: 'GET' | 'POST', url: string, body?: unknown][] = [
    ['POST', '/detection', { projectId: 1, sceneId: 1 }],
    ['GET', '/detections/all'],
    ['POST', '/detections/delete', { ids: [1] }],
    ['GET', '/scenes/without-detect'],
    ['POST', '/scenes/analysis-ai', { scene_id: [1] }],
    ['GET', '/scenes/with-analysis'],
    ['POST', '/detections/approve', { detect_id: [1] }],
    ['POST', '/detections/process-ai', { detect_id: [1] }],
  ];

  it('MANAGER and USER get 403, no session 401, an inactive ADMIN 403', async () => {
    const make = factories(ctx);
    const inactiveAdmin = await make.buildUser('ADMIN');
    const inactive = await make.signIn(inactiveAdmin);
    await ctx.db.updateTable('users').set({ status: false }).where('id', '=', inactiveAdmin.id).execute();
    const manager = await ctx.login('gerente@horizonte.com.br');
    const user = await ctx.login('usuario@horizonte.com.br');
    const before = await ctx.db.selectFrom('detections').select('id').execute();

    for (const [method, url, body] of calls) {
      expect((await kit.call(manager, method, url, body)).statusCode, `${url} MANAGER`).toBe(403);
      expect((await kit.call(user, method, url, body)).statusCode, `${url} USER`).toBe(403);
      expect((await kit.call(null, method, url, body)).statusCode, `${url} no session`).toBe(401);
      const refused = await kit.call(inactive, method, url, body);
      expect(refused.statusCode, `${url} inactive`).toBe(403);
      expect(refused.json().message).toBe('Acesso negado. O usuário está inativo.');
    }
    expect(await ctx.db.selectFrom('detections').select('id').execute()).toEqual(before);
  });
});
