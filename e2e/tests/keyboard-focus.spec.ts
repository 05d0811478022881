import { expect, test, type Locator, type Page } from '@playwright/test';
import { MANAGER, openSignedIn } from './support';

/** Presses Tab until `target` holds the focus (or contains it). */
async function tabTo(page: Page, target: Locator): Promise<void> {
  for (let i = 0; i < 20; i++) {
    await page.keyboard.press('Tab');
    if (await target.evaluate((element) => element.contains(document.activeElement))) return;
  }
  throw new Error('Tab never reached the element');
}

const outline = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });

test('the project selector and the user menu of the top bar show a focus ring when reached with Tab', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, { path: '/page/security' });
  await expect(page.getByRole('heading', { name: 'Painel de segurança' })).toBeVisible({ timeout: 20_000 });
  const selector = page.getByTestId('project-selector');
  await tabTo(page, selector);
  // polled: antd's controls ease their outline in
  await expect.poll(() => outline(selector)).toEqual({ style: 'solid', width: 2 });
  const userMenu = page.getByRole('button', { name: 'Menu do usuário' });
  await tabTo(page, userMenu);
  await expect.poll(() => outline(userMenu)).toEqual({ style: 'solid', width: 2 });
  await page.screenshot({
    path: '../test-results/screens/focus-user-menu.png',
    clip: { x: 900, y: 0, width: 466, height: 60 },
  });
});
