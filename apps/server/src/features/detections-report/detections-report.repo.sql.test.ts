import { expect, it } from 'vitest';
import { querySnapshot } from '../../../test/query-recorder';
import { createDetectionsReportRepo, type DetectionsReportRepo } from './detections-report.repo';

it('compiles the detections report repo to the SQL in detections-report.repo.sql', async () => {
  const dates = ['2026-01-15', '2026-02-15'];
  const sqlText = await querySnapshot<DetectionsReportRepo>(
    'detections-report.repo.ts',
    createDetectionsReportRepo,
    [
      { name: 'processedDates (USER)', call: (repo) => repo.processedDates(7, false) },
      { name: 'processedDates (ADMIN)', call: (repo) => repo.processedDates(7, true) },
      { name: 'lotOptions', call: (repo) => repo.lotOptions(7) },
      {
        name: 'lotHistory (USER, no filter)',
        call: (repo) => repo.lotHistory({ projectId: 7, dates, includeUnapproved: false }),
      },
      {
        name: 'lotHistory (ADMIN, every filter)',
        call: (repo) =>
          repo.lotHistory({
            projectId: 7,
            dates,
            includeUnapproved: true,
            blocks: ['A'],
            lots: ['1', '2'],
            stages: ['1'],
            obs: '50%_off',
          }),
      },
    ],
  );
  await expect(
    sqlText,
    'The SQL of detections-report.repo.ts changed: check the diff, then run `npm run snapshots:update` and commit detections-report.repo.sql',
  ).toMatchFileSnapshot('./detections-report.repo.sql');
});
