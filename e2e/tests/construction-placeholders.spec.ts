import { expect, test } from '@playwright/test';
import { chooseProject, MANAGER, signInAndWait } from './support';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

/** Spec 1 routes: a construction project's images, report and users pages are placeholders under construction. */
test('construction placeholders: Imagens, Relatório and Usuários say the page is under construction', async ({
  page,
}) => {
  await signInAndWait(page, MANAGER);
  await chooseProject(page, 'Aurora', 'Edifício Aurora');
  await expect(page).toHaveURL(/\/page\/area/);
  for (const [path, title] of [
    ['images', 'Imagens'],
    ['report', 'Relatório'],
    ['users', 'Usuários'],
  ] as const) {
    await page.goto(`/page/construction/${path}`);
    await expect(page.getByText('Página em construção')).toBeVisible();
    await expect(
      page.getByText(`${title}: esta página está em construção e estará disponível em breve.`),
    ).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/page/construction/${path}$`));
  }
  await page.screenshot({ path: `${SHOTS}/construction-placeholder-users.png` });
});
