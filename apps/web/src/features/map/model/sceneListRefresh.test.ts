import { describe, expect, it } from 'vitest';
import { SCENE_LIST_REFRESH_MS } from '@mirante/shared';
import { sceneListRefreshMs, SCENES_IN_PROGRESS_REFRESH_MS } from './sceneListRefresh';

describe('sceneListRefreshMs', () => {
  it('asks again soon while a scene is queued or processing', () => {
    expect(sceneListRefreshMs([{ status: 'ready' }, { status: 'queued' }])).toBe(
      SCENES_IN_PROGRESS_REFRESH_MS,
    );
    expect(sceneListRefreshMs([{ status: 'processing' }])).toBe(SCENES_IN_PROGRESS_REFRESH_MS);
  });

  it('waits for the signed URLs’ refresh when every scene is done, failed or there is no list yet', () => {
    expect(sceneListRefreshMs([{ status: 'ready' }, { status: 'failed' }])).toBe(SCENE_LIST_REFRESH_MS);
    expect(sceneListRefreshMs([])).toBe(SCENE_LIST_REFRESH_MS);
    expect(sceneListRefreshMs(undefined)).toBe(SCENE_LIST_REFRESH_MS);
  });
});
