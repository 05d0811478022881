import { expect, it } from 'vitest';
import { querySnapshot } from '../../../test/query-recorder';
import { createOverlaysRepo, type OverlaysRepo } from './overlays.repo';

it('compiles the overlays repo to the SQL in overlays.repo.sql', async () => {
  const sqlText = await querySnapshot<OverlaysRepo>('overlays.repo.ts', createOverlaysRepo, [
    { name: 'listForProject', call: (repo) => repo.listForProject(7) },
    { name: 'fileInUse', call: (repo) => repo.fileInUse('0123456789abcdef0123456789abcdef') },
    { name: 'removeFile', call: (repo) => repo.removeFile('0123456789abcdef0123456789abcdef') },
    {
      name: 'removeStaleFiles (abandoned uploads)',
      call: (repo) => repo.removeStaleFiles(new Date('2026-01-01T00:00:00Z')),
    },
  ]);
  await expect(
    sqlText,
    'The SQL of overlays.repo.ts changed: check the diff, then run `npm run snapshots:update` and commit overlays.repo.sql',
  ).toMatchFileSnapshot('./overlays.repo.sql');
});
