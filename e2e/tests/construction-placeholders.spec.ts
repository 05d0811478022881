import { expect, test } from '@playwright/test';
import { MANAGER, openSignedIn } from './support';
import { screenshotWhenAsked } from './shots';

const SHOTS = process.env.E2E_SCREENSHOTS ?? '/tmp';

/** The product scope routes: a construction project's images, report and users pages are placeholders under construction. */
test('construction placeholders: Imagens, Relatório and Usuários say the page is under construction', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: '/page/construction/images' });
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
  await screenshotWhenAsked(page, { path: `${SHOTS}/construction-placeholder-users.png` });
});
