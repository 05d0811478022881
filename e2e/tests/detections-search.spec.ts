import { expect, test, type Page } from '@playwright/test';
import { MANAGER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/map-shots';
const EMPTY = 'Não foram encontrados resultados com estes filtros de pesquisa.';

async function search(page: Page, column: 'Código' | 'Observação', text: string): Promise<void> {
  const table = page.getByTestId('detections-table');
  await table
    .locator('.ant-table-thead .ant-table-cell', { hasText: column })
    .locator('.ant-table-filter-trigger')
    .click();
  const field = page.getByLabel(`Buscar ${column}`);
  await field.fill(text);
  await field.press('Enter');
}

test("the detections list's Código and Observação searches filter the rows, and say so when nothing matches", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await openSignedIn(page, MANAGER, { path: '/page/list' });
  const table = page.getByTestId('detections-table');
  const rows = table.locator('.ant-table-row');
  await expect(rows.first()).toBeVisible({ timeout: 20_000 });
  const all = await rows.count();
  const code = (await rows.nth(3).locator('.ant-table-cell').nth(1).textContent())?.trim() ?? '';
  expect(code).not.toBe('');

  await search(page, 'Código', code);
  await expect(rows.first()).toContainText(code);
  await expect.poll(() => rows.count()).toBeLessThan(all);
  for (const text of await rows.allTextContents()) expect(text).toContain(code);

  await search(page, 'Código', 'ZZZ-NAO-EXISTE');
  await expect(table.getByText(EMPTY, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/detections-search-empty.png` });

  await search(page, 'Código', '');
  await expect.poll(() => rows.count()).toBe(all);
  await search(page, 'Observação', 'nenhuma observação assim');
  await expect(table.getByText(EMPTY, { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(0);
});
