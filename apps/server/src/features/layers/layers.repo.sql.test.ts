import { expect, it } from 'vitest';
import { querySnapshot } from '../../../test/query-recorder';
import { createLayersRepo, type LayersRepo, type NewLayer } from './layers.repo';

const layer: NewLayer = {
  projectId: 7,
  type: 'LOT',
  name: 'Lote 1',
  block: 'A',
  stage: '1',
  customerCode: 'L-1',
  tagValue: '1',
  sourceKey: 'lot-1',
  geoJson: '{"type":"Point","coordinates":[0,0]}',
  areaM2: 300,
  perimeterM: 70,
  bbox: [0, 0, 0, 0],
  startVisible: true,
  categoryName: null,
  categoryColor: null,
  rect: null,
  detectBeforeDate: null,
  detectAfterDate: null,
};

it('compiles the layers repo to the SQL in layers.repo.sql', async () => {
  const sqlText = await querySnapshot<LayersRepo>('layers.repo.ts', createLayersRepo, [
    { name: 'listForProject (USER)', call: (repo) => repo.listForProject(7) },
    { name: 'listForProject (ADMIN)', call: (repo) => repo.listForProject(7, true) },
    { name: 'listTextSnapshot (USER, changed list)', call: (repo) => repo.listTextSnapshot(7, false, 3) },
    { name: 'findById', call: (repo) => repo.findById(11) },
    { name: 'findByIds (within projects)', call: (repo) => repo.findByIds([7, 8], [11, 12]) },
    { name: 'findByIds (ADMIN)', call: (repo) => repo.findByIds(null, [11]) },
    { name: 'statusHistory (USER)', call: (repo) => repo.statusHistory(11) },
    { name: 'statusHistory (ADMIN)', call: (repo) => repo.statusHistory(11, true) },
    { name: 'statusesAt (USER)', call: (repo) => repo.statusesAt(7, '2026-03-15') },
    { name: 'countForProject', call: (repo) => repo.countForProject(7) },
    { name: 'sourceKeys', call: (repo) => repo.sourceKeys(7) },
    { name: 'insertMany', call: (repo) => repo.insertMany([layer]) },
    {
      name: 'insertStatuses',
      call: (repo) =>
        repo.insertStatuses([
          { layerId: 11, date: '2026-03-15', status: 'BUILT', precision: 0.9, sceneId: 5, source: 'ai' },
        ]),
    },
    {
      name: 'updateLabel',
      call: (repo) => repo.updateLabel(11, { type: 'LOT', name: 'Lote 2', tagValue: '2' }),
    },
  ]);
  await expect(
    sqlText,
    'The SQL of layers.repo.ts changed: check the diff, then run `npm run snapshots:update` and commit layers.repo.sql',
  ).toMatchFileSnapshot('./layers.repo.sql');
});
