import { expect, test } from '@playwright/test';
import { alertsApi, projectsApi, scenesApi } from '@mirante/shared';
import type { ContractClient } from './api';
import { MANAGER, apiAs, menuItem, newestEmailTo, openSignedIn, openUserMenu, pick } from './support';
import { screenshotWhenAsked } from './shots';
import { ensureScenes, scenePng } from './map-scenes';

const PROJECT = 'Edifício Aurora - Zona 7';
/** Days of February 2024, which no other spec gives a scene of this project; each run takes the first free one. */
const FREE_DATES = Array.from({ length: 28 }, (_, day) => `2024-02-${String(day + 1).padStart(2, '0')}`);
/** Events are read from the tables by a scan that runs every minute. */
const SCAN_WAIT_MS = 150_000;

/** A date the project has no scene of yet, so that its upload is news. */
async function freeSceneDate(client: ContractClient): Promise<string> {
  const projects = await client.call(projectsApi.list);
  const project = projects.find((item) => item.name === PROJECT)!;
  const scenes = await client.call(scenesApi.listForProject, { params: { id: project.id } });
  const date = FREE_DATES.find((candidate) => !scenes.some((scene) => scene.isoDate === candidate));
  expect(date).toBeDefined();
  return date!;
}

const shown = (iso: string) => iso.split('-').reverse().join('/');

test('a MANAGER chooses e-mails at once for a project, hears of its new scene by the bell and by e-mail, and stops them with one click', async ({
  page,
  browser,
}) => {
  test.setTimeout(SCAN_WAIT_MS + 120_000);
  // A server the spec ran on before: back to the defaults, so that choosing 'Na hora' is a change.
  const client = await apiAs(MANAGER);
  const choices = await client.call(alertsApi.listAlertPreferences);
  const aurora = choices.find((choice) => choice.project_name === PROJECT)!;
  await client.call(alertsApi.saveAlertPreference, {
    params: { project_id: aurora.project_id },
    body: { kinds: aurora.available_kinds, delivery: 'daily' },
  });
  await openSignedIn(page, MANAGER, { path: '/page/change-password', project: 'Jardim das Palmeiras' });
  await openUserMenu(page);
  await menuItem(page, 'Preferências de alertas').click();
  await expect(page).toHaveURL(/\/page\/alerts/);
  const card = page.locator('.alert-preferences__project', { hasText: PROJECT });
  await expect(card.getByRole('checkbox', { name: 'Nova imagem publicada' })).toBeChecked();
  await pick(page, card.getByLabel(`E-mail — ${PROJECT}`), 'Na hora');
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Preferências de alertas salvas.')).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/alerts-preferences.png' });

  const date = await freeSceneDate(client);
  const since = Date.now();
  const scene = [{ date, png: scenePng(256, 256, 0.3) }];
  // A loaded machine may take longer than the helper's wait to tile it: the second call only waits again.
  await ensureScenes(page.request, 'edificio-aurora', scene).catch(() =>
    ensureScenes(page.request, 'edificio-aurora', scene),
  );
  await expect
    .poll(
      async () => {
        const list = await client.call(alertsApi.listAlerts);
        return list.items.some((item) => item.project_name === PROJECT && item.detail.includes(shown(date)));
      },
      { timeout: SCAN_WAIT_MS, intervals: [2_000] },
    )
    .toBe(true);

  // The bell: the unread count, and the alert in its list.
  await page.goto('/page/change-password');
  const bell = page.getByRole('button', { name: /^Alertas: \d+ não lidos?$/ });
  await expect(bell).toBeVisible({ timeout: 60_000 });
  await bell.click();
  const list = page.getByRole('list', { name: 'Alertas' });
  const item = list.getByRole('button', {
    name: new RegExp(`${PROJECT}.*Nova imagem publicada.*${shown(date)}`),
  });
  await expect(item).toBeVisible();
  await screenshotWhenAsked(page, { path: '../test-results/screens/alerts-bell.png' });
  await item.click();
  await expect(page).toHaveURL(/\/page\/area\?projeto=\d+/);
  // Opened, it is read (other alerts may arrive meanwhile: the count is not checked).
  await expect
    .poll(async () => {
      const list = await client.call(alertsApi.listAlerts);
      return list.items.find((entry) => entry.detail.includes(shown(date)))?.read;
    })
    .toBe(true);

  // The e-mail, at once: its signed link stops this project's e-mails, without signing in.
  let mail: string | null = null;
  await expect
    .poll(
      () => {
        mail = newestEmailTo(MANAGER, since);
        return mail?.includes(`Imagem de ${shown(date)} publicada.`) ?? false;
      },
      { timeout: 60_000 },
    )
    .toBe(true);
  const link = /(http[^\s"<>]+\/auth\/alerts-unsubscribe\?token=[^\s"<>]+)/.exec(mail ?? '')?.[1];
  expect(link).toBeDefined();
  const stranger = await browser.newContext();
  const fresh = await stranger.newPage();
  // The e-mail names the server by its APP_URL; the test reaches it at its own address.
  const target = new URL(link!);
  await fresh.goto(new URL(target.pathname + target.search, page.url()).toString());
  await expect(
    fresh.getByText(`Você não receberá mais e-mails de alertas do projeto ${PROJECT}.`),
  ).toBeVisible();
  await screenshotWhenAsked(fresh, { path: '../test-results/screens/alerts-unsubscribed.png' });
  await stranger.close();

  await page.goto('/page/alerts');
  await expect(page.locator('.alert-preferences__project', { hasText: PROJECT })).toContainText(
    'Não enviar e-mail',
  );
});
