import { expect, it } from 'vitest';
import { querySnapshot } from '../../../test/query-recorder';
import { createPortfolioImportRepo, type PortfolioImportRepo } from './portfolio-import.repo';
import { EMPTY_SALE_VALUES } from './sale-values';

it('compiles the portfolio import repo to the SQL in portfolio-import.repo.sql', async () => {
  const sqlText = await querySnapshot<PortfolioImportRepo>(
    'portfolio-import.repo.ts',
    createPortfolioImportRepo,
    [
      { name: 'projectLots', call: (repo) => repo.projectLots(7) },
      { name: 'lockProjectSaleValues', call: (repo) => repo.lockProjectSaleValues(7) },
      {
        name: 'saveMany (one lot, one change)',
        call: (repo) =>
          repo.saveMany(
            7,
            [
              {
                layerId: 11,
                values: { ...EMPTY_SALE_VALUES, notas: 'Revisado' },
                changes: [{ field: 'notas', oldValue: null, newValue: 'Revisado' }],
              },
            ],
            { userId: 3, name: 'Gerente', source: 'import' },
          ),
      },
    ],
  );
  await expect(
    sqlText,
    'The SQL of portfolio-import.repo.ts changed: check the diff, then run `npm run snapshots:update` and commit portfolio-import.repo.sql',
  ).toMatchFileSnapshot('./portfolio-import.repo.sql');
});
