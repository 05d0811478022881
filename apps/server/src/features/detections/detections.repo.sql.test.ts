import { expect, it } from 'vitest';
import { querySnapshot } from '../../../test/query-recorder';
import { createDetectionsRepo, type DetectionsRepo } from './detections.repo';

it('compiles the per-project adaptation and texture-word queries of the detections repo to the SQL in detections.repo.sql', async () => {
  const sqlText = await querySnapshot<DetectionsRepo>('detections.repo.ts', createDetectionsRepo, [
    { name: 'corrections', call: (repo) => repo.corrections(7) },
    { name: 'uncorrectedFeatures', call: (repo) => repo.uncorrectedFeatures(7, 4000) },
    { name: 'textureDictionary', call: (repo) => repo.textureDictionary(7) },
    { name: 'setReviewReason', call: (repo) => repo.setReviewReason(7, 'motivo') },
    { name: 'keepTextureDictionary', call: (repo) => repo.keepTextureDictionary(7, 3, { version: 1 }) },
  ]);
  await expect(
    sqlText,
    'The SQL of detections.repo.ts changed: check the diff, then run `npm run snapshots:update` and commit detections.repo.sql',
  ).toMatchFileSnapshot('./detections.repo.sql');
});
