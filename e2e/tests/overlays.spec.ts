import { PDFDocument, rgb } from 'pdf-lib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { mainMap, waitForMapReady } from './map-ready';
import { MANAGER, chooseProject, signInAndWait } from './support';

const SHOTS = process.env.MAP_SHOTS_DIR ?? 'test-results/overlay-shots';
const NAME = 'Planta do térreo';

/** A plan as a person would export it: an A3 page with a building outline and its axes. */
async function planPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([1190, 842]);
  page.drawRectangle({ x: 100, y: 100, width: 990, height: 642, borderColor: rgb(0, 0, 0), borderWidth: 3 });
  page.drawRectangle({
    x: 300,
    y: 250,
    width: 590,
    height: 350,
    borderColor: rgb(0.8, 0, 0),
    borderWidth: 6,
  });
  page.drawLine({ start: { x: 595, y: 100 }, end: { x: 595, y: 742 }, thickness: 2 });
  return Buffer.from(await document.save());
}

async function clickAt(target: Locator, fx: number, fy: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('elemento sem caixa');
  await target.page().mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

const wizard = (page: Page) => page.getByRole('dialog', { name: 'Cadastrar nova sobreposição' });
const pointMap = (page: Page) => wizard(page).getByTestId('overlay-point-map').getByTestId('map-canvas');

async function markPoint(page: Page, label: 'A' | 'B' | 'C', at: [number, number]): Promise<void> {
  await waitForMapReady(pointMap(page));
  await clickAt(pointMap(page), at[0], at[1]);
  await clickAt(wizard(page).getByTestId('plan-image'), at[0], at[1]);
  await expect(wizard(page).getByTestId(`map-mark-${label}`)).toBeVisible();
  await expect(wizard(page).getByTestId(`image-mark-${label}`)).toBeVisible();
}

test('the overlay wizard: name and PDF, points A and B (B cleared with A), preview opacity, save; then the map’s sidebar', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAndWait(page, MANAGER);
  await chooseProject(page, 'aurora', 'Edifício Aurora - Zona 7');
  await page.goto('/page/construction/overlays');
  await page.getByRole('button', { name: 'Criar sobreposição' }).click();
  const dialog = wizard(page);
  const next = dialog.getByRole('button', { name: 'Continuar' });

  // Step 1: both fields are required to continue.
  await next.click();
  await expect(dialog.getByText('Este campo é obrigatório')).toHaveCount(2);
  await dialog.getByLabel('Nome').fill(NAME);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'planta.pdf',
    mimeType: 'application/pdf',
    buffer: await planPdf(),
  });
  await page.screenshot({ path: `${SHOTS}/wizard-1-file.png` });
  await next.click();

  // Step 2: point A on the map and on the plan (converted by the server).
  await expect(dialog.getByTestId('overlay-step-point-A')).toBeVisible({ timeout: 60_000 });
  await expect(next).toBeDisabled();
  await markPoint(page, 'A', [0.3, 0.3]);
  await expect(next).toBeEnabled();
  await next.click();

  // Step 3: point B; back to A and clearing it clears B too.
  await expect(dialog.getByTestId('overlay-step-point-B')).toBeVisible();
  await markPoint(page, 'B', [0.7, 0.65]);
  await page.screenshot({ path: `${SHOTS}/wizard-3-point-b.png` });
  await dialog.getByRole('button', { name: 'Voltar' }).click();
  await expect(dialog.getByTestId('overlay-step-point-A')).toBeVisible();
  await dialog.getByRole('button', { name: 'Limpar ponto A' }).click();
  await expect(dialog.getByTestId('map-mark-A')).toHaveCount(0);
  await expect(dialog.getByTestId('image-mark-A')).toHaveCount(0);
  await expect(next).toBeDisabled();
  await markPoint(page, 'A', [0.3, 0.3]);
  await next.click();
  await expect(dialog.getByTestId('map-mark-B')).toHaveCount(0);
  await expect(dialog.getByTestId('image-mark-B')).toHaveCount(0);
  await expect(next).toBeDisabled();
  await markPoint(page, 'B', [0.7, 0.65]);

  // ★ A third point turns the fit into a least-squares affine one, each point's residual in metres.
  await dialog.getByRole('button', { name: 'Adicionar ponto' }).click();
  await expect(next).toBeDisabled();
  await clickAt(pointMap(page), 0.55, 0.25);
  await clickAt(dialog.getByTestId('plan-image'), 0.5, 0.4);
  await expect(dialog.getByTestId('map-mark-C')).toBeVisible();
  // Three points fit exactly (0 m each); a fourth, placed inconsistently, leaves residuals.
  await dialog.getByRole('button', { name: 'Adicionar ponto' }).click();
  await clickAt(pointMap(page), 0.4, 0.7);
  await clickAt(dialog.getByTestId('plan-image'), 0.6, 0.45);
  await expect(dialog.getByTestId('map-mark-D')).toBeVisible();
  const rows = dialog.locator('.ant-table-tbody tr');
  await expect(rows).toHaveCount(4);
  for (const index of [0, 1, 2, 3]) await expect(rows.nth(index)).toContainText(/\d+(,\d+)? m$/);
  await expect(rows.filter({ hasText: /[1-9]\d*(,\d+)? m$|0,\d*[1-9]\d* m$/ })).not.toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/wizard-3-point-c.png` });
  await next.click();

  // Step 4: the preview's opacity starts at 100 and moves in steps of 1.
  await expect(dialog.getByTestId('overlay-step-preview')).toBeVisible();
  const opacity = dialog.getByRole('slider', { name: 'Opacidade' });
  await expect(opacity).toHaveAttribute('aria-valuenow', '100');
  await opacity.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press('ArrowLeft');
  await expect(opacity).toHaveAttribute('aria-valuenow', '60');
  await expect(dialog.getByTestId('overlay-fit-summary')).toContainText('mínimos quadrados');
  await waitForMapReady(dialog.getByTestId('overlay-preview-map').getByTestId('map-canvas'));
  await page.screenshot({ path: `${SHOTS}/wizard-4-preview.png` });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sobreposição criada com sucesso!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/overlays-page.png` });

  // The map screen's sidebar lists it, drawn at the saved opacity, with its own checkbox and slider.
  const planLoaded = page.waitForRequest((request) => request.url().includes('/overlays/file/image'));
  await page.goto('/page/area');
  // The construction sidebar opens its feature sections from the start.
  const checkbox = page.getByRole('checkbox', { name: NAME });
  await expect(checkbox).toBeChecked();
  await planLoaded;
  const sidebarOpacity = page.getByRole('slider', { name: `Opacidade de ${NAME}` });
  await expect(sidebarOpacity).toHaveAttribute('aria-valuenow', '60');
  await sidebarOpacity.focus();
  await page.keyboard.press('End');
  await expect(sidebarOpacity).toHaveAttribute('aria-valuenow', '100');
  await waitForMapReady(mainMap(page));
  await page.screenshot({ path: `${SHOTS}/map-sidebar.png` });
  await checkbox.uncheck();
  await expect(checkbox).not.toBeChecked();
  await sidebarOpacity.focus();
  for (let i = 0; i < 25; i++) await page.keyboard.press('ArrowLeft');
  await expect(sidebarOpacity).toHaveAttribute('aria-valuenow', '75');

  // The sidebar's choices are kept for this user and project: a reload finds them as they were left.
  await page.reload();
  await expect(page.getByRole('slider', { name: `Opacidade de ${NAME}` })).toHaveAttribute(
    'aria-valuenow',
    '75',
  );
  await expect(page.getByRole('checkbox', { name: NAME })).not.toBeChecked();

  // Removing it from the page asks first.
  await page.goto('/page/construction/overlays');
  await page.getByRole('button', { name: `Remover ${NAME}` }).click();
  await expect(page.getByText('Tem certeza que deseja remover esta sobreposição?')).toBeVisible();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Sobreposição removida com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
});

test('a file the server cannot convert shows the server’s message after “Não foi possível converter o PDF:” and clears the file', async ({
  page,
}) => {
  await signInAndWait(page, MANAGER);
  await chooseProject(page, 'aurora', 'Edifício Aurora - Zona 7');
  await page.goto('/page/construction/overlays');
  await page.getByRole('button', { name: 'Criar sobreposição' }).click();
  const dialog = wizard(page);
  await dialog.getByLabel('Nome').fill('Falsa');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'planta.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from('isto não é um PDF'),
  });
  await expect(dialog.getByText('planta.pdf')).toBeVisible();
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  await expect(
    page.getByText('Não foi possível converter o PDF: Envie um arquivo PDF (application/pdf).'),
  ).toBeVisible();
  await expect(dialog.getByText('planta.pdf')).toHaveCount(0);
  await expect(dialog.getByTestId('overlay-step-file')).toBeVisible();
});
