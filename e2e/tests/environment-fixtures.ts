import { expect, type APIRequestContext } from '@playwright/test';
import { rgbPng } from './map-scenes';
import { environmentApi, projectsApi, type EndpointResponse, type Project } from '@mirante/shared';
import { ADMIN, apiAs } from './support';

/**
 * Scenes and analyses of an environment project for the browser tests, made through the API: two scenes 640×384
 * over the project's bounds (the demo APP's boundary is a slanted strip across them), pasture with a forest patch
 * cleared between them (DEFO) and a bare patch planted (REFO), each ~1 ha, inside the boundary.
 */
export const SCENE_SIZE = { width: 640, height: 384 } as const;

type Rgb = readonly [number, number, number];
const PASTURE: Rgb = [92, 118, 62];
const FOREST: Rgb = [38, 86, 34];
const SOIL: Rgb = [168, 124, 92];

/**
 * Pixel boxes [x0, y0, x1, y1) inside the demo APP boundary on a 640×384 scene over its bounds, away from the
 * demo's own REFO/DEFO layers (map-detection-detail.spec clicks those; an approved proposal on top would take
 * the click).
 */
const CLEARED = [540, 125, 595, 180] as const;
const PLANTED = [105, 275, 160, 330] as const;
/** A second, smaller clearing (optional). */
const CLEARED_TOO = [300, 225, 345, 270] as const;

const inside = (box: readonly number[], x: number, y: number) =>
  x >= (box[0] ?? 0) && x < (box[2] ?? 0) && y >= (box[1] ?? 0) && y < (box[3] ?? 0);

/**
 * A scene before (`'before'`) or after (`'after'`) the changes; `seed` varies its noise; `secondClearing` adds a
 * smaller forest patch cleared between them.
 */
export function vegetationPng(when: 'before' | 'after', seed: number, secondClearing = false): Buffer {
  return rgbPng(SCENE_SIZE.width, SCENE_SIZE.height, (x, y) => {
    const hash = Math.imul(x * 73856093 + seed * 83492791, 2654435761) ^ Math.imul(y, 19349663);
    const noise = ((hash >>> 7) & 15) - 8;
    const cleared = inside(CLEARED, x, y) || (secondClearing && inside(CLEARED_TOO, x, y));
    const base = cleared
      ? when === 'before'
        ? FOREST
        : SOIL
      : inside(PLANTED, x, y)
        ? when === 'before'
          ? SOIL
          : FOREST
        : PASTURE;
    return [base[0] + noise, base[1] + noise, base[2] + noise];
  });
}

export async function adminHeaders(): Promise<Record<string, string>> {
  return (await apiAs(ADMIN)).headers;
}

export async function projectBySpace(request: APIRequestContext, space: string): Promise<Project> {
  const projects = await (await apiAs(ADMIN)).call(projectsApi.list);
  const project = projects.find((item) => item.space === space);
  expect(project, `project ${space}`).toBeTruthy();
  return project!;
}

export type AnalysisRow = EndpointResponse<typeof environmentApi.detections>[number];

export async function analysesOf(request: APIRequestContext, projectId: number): Promise<AnalysisRow[]> {
  return (await apiAs(ADMIN)).call(environmentApi.detections, { params: { id: projectId } });
}

/**
 * The analysis of the scene pair ('Nova Análise' through the API, or the one an earlier run made), once the
 * detector has finished with it (done or failed).
 */
export async function analysisOf(
  request: APIRequestContext,
  projectId: number,
  beforeSceneId: number,
  afterSceneId: number,
): Promise<AnalysisRow> {
  const headers = await adminHeaders();
  const made = await request.post(`/api/v1/project/${projectId}/environment-detect`, {
    headers,
    data: { before_scene_id: beforeSceneId, after_scene_id: afterSceneId },
  });
  expect([200, 422]).toContain(made.status()); // 422: this scene already has its analysis
  return settledAnalysis(projectId, beforeSceneId, afterSceneId);
}

/**
 * The analysis of the scene pair once the detector has finished with it (done or failed), read through the API:
 * made by the test or on the page, the row appears, is queued, processed and ends.
 */
export async function settledAnalysis(
  projectId: number,
  beforeSceneId: number,
  afterSceneId: number,
): Promise<AnalysisRow> {
  const admin = await apiAs(ADMIN);
  let analysis: AnalysisRow | undefined;
  await expect
    .poll(
      async () => {
        analysis = (await admin.call(environmentApi.detections, { params: { id: projectId } })).find(
          (row) => row.beforeScene.id === beforeSceneId && row.afterScene.id === afterSceneId,
        );
        return analysis?.processingState;
      },
      { timeout: 60_000 },
    )
    .toMatch(/^(done|failed)$/);
  return analysis as AnalysisRow;
}

export type FeatureRow = EndpointResponse<typeof environmentApi.features>[number];

export async function featuresOf(
  request: APIRequestContext,
  projectId: number,
  detectId: number,
): Promise<FeatureRow[]> {
  return (await apiAs(ADMIN)).call(environmentApi.features, { params: { id: projectId, detectId } });
}

/** Approves the analysis's pending proposals and publishes it (as an ADMIN would on the analysis page). */
export async function approveAndPublish(
  request: APIRequestContext,
  projectId: number,
  detectId: number,
): Promise<void> {
  const headers = await adminHeaders();
  for (const feature of await featuresOf(request, projectId, detectId)) {
    if (feature.review_status !== 'pending') continue;
    const reviewed = await request.post(
      `/api/v1/project/${projectId}/detect/${detectId}/feature/${feature.id}/review`,
      { headers, data: { action: 'approve' } },
    );
    expect(reviewed.ok()).toBe(true);
  }
  const published = await request.post(`/api/v1/detection/${detectId}`, {
    headers,
    data: { approval_status: true },
  });
  expect(published.ok()).toBe(true);
}
