import { expect, test } from '@playwright/test';
import { projectsApi, scheduledReportsApi } from '@mirante/shared';
import {
  MANAGER,
  USER,
  apiAs,
  listedOptions,
  noOpenDropdown,
  openSignedIn,
  openedDialog,
  waitForEmailTo,
} from './support';
import { screenshotWhenAsked } from './shots';

/** Schedules an earlier, interrupted run of this spec left on the same server (a fresh server has none). */
async function removeSchedulesLeftBehind(): Promise<void> {
  const manager = await apiAs(MANAGER);
  const projects = await manager.call(projectsApi.list);
  const project = projects.find((item) => item.projectType === 'ALLOTMENT')!;
  const list = await manager.call(scheduledReportsApi.listReportSchedules, { params: { id: project.id } });
  for (const schedule of list.schedules)
    await manager.send(scheduledReportsApi.deleteReportSchedule, {
      params: { id: project.id, scheduleId: schedule.id },
    });
}

test('a MANAGER schedules a monthly report, sends it now (PDF and spreadsheet by e-mail), a recipient leaves it by the e-mail’s link, and the MANAGER deletes it', async ({
  page,
  browser,
}) => {
  // Drawing the PDF on the worker's CPU pool takes long on a loaded machine.
  test.setTimeout(300_000);
  await removeSchedulesLeftBehind();
  await openSignedIn(page, MANAGER, { path: '/page/list' });
  await expect(page.getByRole('heading', { name: /Lista de detecções/ })).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Relatórios por e-mail' }).click();
  const dialog = openedDialog(page, { name: /Relatórios por e-mail/ });
  await expect(dialog.getByText('Nenhum relatório agendado para este projeto.')).toBeVisible();

  await dialog.getByRole('button', { name: 'Novo agendamento' }).click();
  await dialog.getByText('Mensal', { exact: true }).click();
  await dialog.getByLabel('Dia do envio').click();
  await listedOptions(page)
    .filter({ hasText: /^Dia 5$/ })
    .click();
  // Typed and chosen with Enter, as a person picking several names from a long list.
  await noOpenDropdown(page);
  const recipients = dialog.getByLabel('Destinatários');
  await recipients.click();
  for (const name of ['Gustavo', 'Úrsula']) {
    await recipients.pressSequentially(name);
    await expect(listedOptions(page)).toHaveCount(1);
    await recipients.press('Enter');
  }
  // A click beside the field closes its list, as a person does.
  await dialog.getByText('Periodicidade').click();
  await noOpenDropdown(page);
  await expect(dialog.locator('.ant-select-selection-item')).toHaveText([
    'Gustavo Gerente (gerente@horizonte.com.br)',
    'Úrsula Usuária (usuario@horizonte.com.br)',
  ]);
  await dialog.getByRole('button', { name: 'Agendar relatório' }).click();
  await expect(page.getByText('Relatório agendado.')).toBeVisible();
  const item = dialog.locator('[data-testid^="report-schedule-"]');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Todo dia 5 do mês, às 07:00');
  await expect(item).toContainText('Gustavo Gerente, Úrsula Usuária');
  await expect(item.getByTestId('report-last-run')).toHaveText('Último envio: Nenhum envio ainda.');

  const since = Date.now();
  await item.getByRole('button', { name: 'Enviar agora' }).click();
  await expect(page.getByText(/Relatório na fila de envio/)).toBeVisible();
  // The worker draws the PDF and queues one e-mail per recipient; the list follows the run to its end (read
  // through the API, then on the page once).
  const manager = await apiAs(MANAGER);
  const project = (await manager.call(projectsApi.list)).find((row) => row.projectType === 'ALLOTMENT')!;
  const runState = async () =>
    (await manager.call(scheduledReportsApi.listReportSchedules, { params: { id: project.id } })).schedules[0]
      ?.last_run?.state;
  await expect.poll(runState, { timeout: 240_000 }).toMatch(/^(sent|failed)$/);
  await expect(item.getByTestId('report-last-run')).toContainText('para 2 destinatário(s)');
  await screenshotWhenAsked(page, { path: '/tmp/shots-reports/schedule-screen.png' });
  const mail = await waitForEmailTo(MANAGER, since);
  expect(mail).toMatch(/filename="?relatorio-jardim-das-palmeiras-\d{4}-\d{2}-\d{2}\.pdf/);
  // The detections spreadsheet, deteccoes-<space>-<start>-<end>.xlsx ('=de' reads as a quoted-printable byte once
  // the message is decoded, so its name is matched from the project on).
  expect(mail).toMatch(/jardim-das-palmeiras-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.xlsx/);
  expect(mail).toContain('Abrir o mapa do loteamento');

  // Úrsula leaves this report with one click on her e-mail's link, signed in nowhere.
  const hers = await waitForEmailTo(USER, since);
  const link = /(http[^\s"<>]+\/auth\/reports-unsubscribe\?token=[^\s"<>]+)/.exec(hers)?.[1];
  expect(link).toBeDefined();
  const stranger = await browser.newContext();
  const fresh = await stranger.newPage();
  // The e-mail names the server by its APP_URL; the test reaches it at its own address.
  const target = new URL(link!);
  await fresh.goto(new URL(target.pathname + target.search, page.url()).toString());
  await expect(
    fresh.getByText(/^Você não receberá mais este relatório agendado do projeto Jardim das Palmeiras/),
  ).toBeVisible();
  await screenshotWhenAsked(fresh, { path: '/tmp/shots-reports/report-unsubscribed.png' });
  await stranger.close();
  await page.reload();
  await page.getByRole('button', { name: 'Relatórios por e-mail' }).click();
  await expect(item).toContainText('Gustavo Gerente');
  await expect(item).not.toContainText('Úrsula Usuária');

  await item.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('button', { name: 'Excluir', exact: true }).last().click();
  await expect(page.getByText('Agendamento excluído.')).toBeVisible();
  await expect(dialog.getByText('Nenhum relatório agendado para este projeto.')).toBeVisible();
});

test('a USER sees no scheduled reports button on the detections list', async ({ page }) => {
  await openSignedIn(page, USER, { path: '/page/list' });
  await expect(page.getByRole('heading', { name: /Lista de detecções/ })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('button', { name: 'Exportar geometria' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Relatórios por e-mail' })).toHaveCount(0);
});
