import {
  PDFDocument,
  concatTransformationMatrix,
  drawObject,
  popGraphicsState,
  pushGraphicsState,
  rgb,
} from '@cantoo/pdf-lib';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  GEOREFERENCE_MESSAGES,
  OVERLAY_MESSAGES,
  georeference,
  overlaysApi,
  projectsApi,
  type Overlay,
} from '@mirante/shared';
import { colourAtMiddle, colourDistance, hexOf, mainMap, waitForMapReady } from './map-ready';
import type { ContractClient } from './api';
import { MANAGER, apiAs, openSignedIn, openedDialog } from './support';
import { screenshotWhenAsked } from './shots';

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

/**
 * A hostile plan: one page showing a 20,000 × 20,000 px 1-bit image of zeros, deflated to some 50 KB (1.6 GB once
 * decoded to RGBA; apps/server/test/pdf-fixtures.ts has the hand-written twin the server's tests use).
 */
async function imageBombPdf(side = 20_000): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([612, 792]);
  const image = document.context.register(
    document.context.flateStream(new Uint8Array(Math.ceil(side / 8) * side), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: side,
      Height: side,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 1,
    }),
  );
  const name = page.node.newXObject('Im0', image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(612, 0, 0, 792, 0, 0),
    drawObject(name),
    popGraphicsState(),
  );
  return Buffer.from(await document.save());
}

async function clickAt(target: Locator, fx: number, fy: number): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error('elemento sem caixa');
  await target.page().mouse.click(box.x + box.width * fx, box.y + box.height * fy);
}

/** Clicks a slider's rail at a fraction of its width, as a person sets a value with the mouse. */
async function clickRail(slider: Locator, fraction: number): Promise<void> {
  const rail = slider.locator('xpath=ancestor::div[contains(@class,"ant-slider")][1]');
  // Scrolled into view and stable first: with the site's other sections filled by earlier specs, the overlays
  // section can sit below the sidebar's fold, where a click by page coordinates lands elsewhere.
  await rail.scrollIntoViewIfNeeded();
  const box = await rail.boundingBox();
  if (!box) throw new Error('controle deslizante sem caixa');
  await rail.click({ position: { x: box.width * fraction, y: box.height / 2 } });
}

const wizard = (page: Page) => openedDialog(page, { name: 'Cadastrar nova sobreposição' });
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
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/construction/overlays',
  });
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
  // Filled in, neither field is still said to be missing (the file's message overlapped its name before).
  await expect(dialog.getByText('Este campo é obrigatório')).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-1-file.png` });
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
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-3-point-b.png` });
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
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-3-point-c.png` });
  await next.click();

  // Step 4: the preview's opacity starts at 100 and moves in steps of 1; the person then clicks it down to about 60.
  await expect(dialog.getByTestId('overlay-step-preview')).toBeVisible();
  const opacity = dialog.getByRole('slider', { name: 'Opacidade' });
  await expect(opacity).toHaveAttribute('aria-valuenow', '100');
  await opacity.focus();
  await page.keyboard.press('ArrowLeft');
  await expect(opacity).toHaveAttribute('aria-valuenow', '99');
  // (One click on the rail, not 40 key presses: each step re-styles the preview map, seconds on a busy machine.)
  await clickRail(opacity, 0.6);
  const saved = Number(await opacity.getAttribute('aria-valuenow'));
  expect(Math.abs(saved - 60)).toBeLessThanOrEqual(5);
  await expect(dialog.getByTestId('overlay-fit-summary')).toContainText('mínimos quadrados');
  await waitForMapReady(dialog.getByTestId('overlay-preview-map').getByTestId('map-canvas'));
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-4-preview.png` });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Sobreposição criada com sucesso!')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: new RegExp(NAME) });
  await expect(row).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/overlays-page.png` });

  // The map screen's sidebar lists it, drawn at the saved opacity, with its own checkbox and slider (what the
  // sidebar keeps across a reload is the next test's).
  const planLoaded = page.waitForRequest((request) => request.url().includes('/overlays/file/image'));
  await page.goto('/page/area');
  // The map screen's code is the app's largest: it may take a while to arrive on a busy machine.
  await waitForMapReady(mainMap(page));
  // The construction sidebar opens its feature sections from the start.
  const checkbox = page.getByRole('checkbox', { name: NAME });
  await expect(checkbox).toBeChecked();
  await planLoaded;
  const sidebarOpacity = page.getByRole('slider', { name: `Opacidade de ${NAME}` });
  await expect(sidebarOpacity).toHaveAttribute('aria-valuenow', String(saved));
  await screenshotWhenAsked(page, { path: `${SHOTS}/map-sidebar.png` });

  // Removing it from the page asks first.
  await page.goto('/page/construction/overlays');
  await page.getByRole('button', { name: `Remover ${NAME}` }).click();
  await expect(page.getByText('Tem certeza que deseja remover esta sobreposição?')).toBeVisible();
  await page.getByRole('button', { name: 'Remover', exact: true }).click();
  await expect(page.getByText('Sobreposição removida com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(NAME) })).toHaveCount(0);
});

test('a point marked outside the plan image says “O ponto da imagem precisa estar dentro da imagem.” and is not set', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/construction/overlays',
  });
  await page.getByRole('button', { name: 'Criar sobreposição' }).click();
  const dialog = wizard(page);
  const next = dialog.getByRole('button', { name: 'Continuar' });
  await dialog.getByLabel('Nome').fill('Planta fora da imagem');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'planta.pdf',
    mimeType: 'application/pdf',
    buffer: await planPdf(),
  });
  await next.click();
  await expect(dialog.getByTestId('overlay-step-point-A')).toBeVisible({ timeout: 60_000 });
  const image = dialog.getByTestId('plan-image');
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((element: HTMLImageElement) => element.naturalWidth))
    .toBeGreaterThan(0);

  // A on the map, then a click in the plan pane beside the (centred) image: the pane's blank margin.
  await waitForMapReady(pointMap(page));
  await clickAt(pointMap(page), 0.3, 0.3);
  await expect(dialog.getByTestId('map-mark-A')).toBeVisible();
  const pane = (await dialog.getByTestId('plan-pane').boundingBox())!;
  const shown = (await image.boundingBox())!;
  const gaps = [
    { size: shown.x - pane.x, x: (pane.x + shown.x) / 2, y: shown.y + shown.height / 2 },
    { size: shown.y - pane.y, x: shown.x + shown.width / 2, y: (pane.y + shown.y) / 2 },
  ];
  const gap = gaps.find((item) => item.size >= 6);
  expect(
    gap,
    `no blank margin around the plan: pane ${JSON.stringify(pane)}, image ${JSON.stringify(shown)}`,
  ).toBeDefined();
  await page.mouse.click(gap!.x, gap!.y);
  await expect(
    page.getByText('O ponto da imagem precisa estar dentro da imagem.', { exact: true }),
  ).toBeVisible();
  expect(GEOREFERENCE_MESSAGES.outsideImage).toBe('O ponto da imagem precisa estar dentro da imagem.');
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-point-outside-image.png` });
  // Not set: no mark on the plan, the table's plan column still empty, and A cannot be continued from.
  await expect(dialog.getByTestId('image-mark-A')).toHaveCount(0);
  await expect(dialog.locator('.ant-table-tbody tr').first().locator('td').nth(2)).toHaveText('—');
  await expect(next).toBeDisabled();

  // Inside the image the same click sets it.
  await clickAt(image, 0.3, 0.3);
  await expect(dialog.getByTestId('image-mark-A')).toBeVisible();
  await expect(dialog.locator('.ant-table-tbody tr').first().locator('td').nth(2)).not.toHaveText('—');
  await expect(next).toBeEnabled();
});

test('a file the server cannot convert shows the server’s message after “Não foi possível converter o PDF:” and clears the file', async ({
  page,
}) => {
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/construction/overlays',
  });
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

const SIDE_PLAN = 'Planta do canteiro (lateral)';
const TOWER_PLAN = 'Planta de situação - Torre';
/** The side plan's solid fill: what its pixels on the map are at full opacity. */
const SIDE_FILL = '#1f4fbf';

/** A plan page painted all over in SIDE_FILL, so that its opacity on the map can be read from any pixel of it. */
async function solidPdf(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([600, 400]);
  page.drawRectangle({ x: 0, y: 0, width: 600, height: 400, color: rgb(0x1f / 255, 0x4f / 255, 0xbf / 255) });
  return Buffer.from(await document.save());
}

interface Site {
  client: ContractClient;
  projectId: number;
  overlays: Overlay[];
}

async function aurora(): Promise<Site> {
  const client = await apiAs(MANAGER);
  const projects = await client.call(projectsApi.list);
  const projectId = projects.find((item) => item.space === 'edificio-aurora')!.id;
  return { client, projectId, overlays: await client.call(overlaysApi.list, { params: { projectId } }) };
}

/**
 * A second plan beside the demo's tower plan (west of the site, clear of the tower plan), made through the API as
 * the wizard would: the PDF, then its top-left and bottom-right corners as points A and B.
 */
async function addSidePlan(request: APIRequestContext, site: Site): Promise<Overlay> {
  const upload = await request.post('/api/v1/overlays/file', {
    headers: site.client.headers,
    multipart: {
      project_id: String(site.projectId),
      file: { name: 'canteiro.pdf', mimeType: 'application/pdf', buffer: await solidPdf() },
    },
  });
  const file = await site.client.read(overlaysApi.upload, upload);
  const points = [
    { lng: -51.93745, lat: -23.40805, x: 0, y: 0 },
    { lng: -51.9369, lat: -23.40835, x: file.width, y: file.height },
  ];
  return site.client.call(overlaysApi.create, {
    body: {
      project_id: site.projectId,
      name: SIDE_PLAN,
      hash: file.hash,
      bounds: georeference(points, file).bounds,
      points,
      opacity: 100,
    },
  });
}

test('the map’s sidebar keeps each plan’s checkbox and opacity across a reload, and the map draws them so', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const site = await aurora();
  const tower = site.overlays.find((overlay) => overlay.name === TOWER_PLAN)!;
  expect(tower).toBeDefined();
  const side =
    site.overlays.find((overlay) => overlay.name === SIDE_PLAN) ?? (await addSidePlan(request, site));
  const requested: string[] = [];
  page.on('request', (item) => {
    if (item.url().includes('/overlays/file/image')) requested.push(item.url());
  });
  try {
    await openSignedIn(page, MANAGER, { project: 'Edifício Aurora - Zona 7', path: '/page/area' });
    // The map screen's code is the app's largest: it may take a while to arrive on a busy machine.
    await waitForMapReady(mainMap(page));
    const towerBox = page.getByRole('checkbox', { name: TOWER_PLAN });
    const sideBox = page.getByRole('checkbox', { name: SIDE_PLAN });
    const towerOpacity = page.getByRole('slider', { name: `Opacidade de ${TOWER_PLAN}` });
    const sideOpacity = page.getByRole('slider', { name: `Opacidade de ${SIDE_PLAN}` });
    // At first both plans are drawn at the opacity they were saved with.
    await expect(towerBox).toBeChecked();
    await expect(sideBox).toBeChecked();
    await expect(sideOpacity).toHaveAttribute('aria-valuenow', '100');
    await waitForMapReady(mainMap(page));
    expect(requested.some((url) => url.includes(tower.hash))).toBe(true);
    expect(colourDistance(await colourAtMiddle(page, mainMap(page), side), SIDE_FILL)).toBeLessThan(30);

    // The person hides the tower plan after turning it down, and turns the side plan down to about a third.
    await clickRail(towerOpacity, 0.5);
    await towerBox.uncheck();
    await clickRail(sideOpacity, 0.3);
    const towerValue = Number(await towerOpacity.getAttribute('aria-valuenow'));
    const sideValue = Number(await sideOpacity.getAttribute('aria-valuenow'));
    expect(towerValue).toBeGreaterThan(35);
    expect(towerValue).toBeLessThan(65);
    expect(sideValue).toBeGreaterThan(15);
    expect(sideValue).toBeLessThan(45);
    await expect(towerBox).not.toBeChecked();
    await waitForMapReady(mainMap(page));
    const fainter = await colourAtMiddle(page, mainMap(page), side);
    expect(colourDistance(fainter, SIDE_FILL)).toBeGreaterThan(60);
    await screenshotWhenAsked(page, { path: `${SHOTS}/map-sidebar-changed.png` });

    // After a reload the sidebar and the map are as the person left them: the tower plan not even fetched.
    requested.length = 0;
    await page.reload();
    await waitForMapReady(mainMap(page));
    await expect(towerBox).not.toBeChecked();
    await expect(sideBox).toBeChecked();
    await expect(towerOpacity).toHaveAttribute('aria-valuenow', String(towerValue));
    await expect(sideOpacity).toHaveAttribute('aria-valuenow', String(sideValue));
    await waitForMapReady(mainMap(page));
    expect(colourDistance(await colourAtMiddle(page, mainMap(page), side), hexOf(fainter))).toBeLessThan(12);
    expect(requested.some((url) => url.includes(side.hash))).toBe(true);
    expect(requested.some((url) => url.includes(tower.hash))).toBe(false);
    await screenshotWhenAsked(page, { path: `${SHOTS}/map-sidebar-reloaded.png` });

    // Ticked again, the tower plan comes back at the opacity it was left at.
    await towerBox.check();
    await expect(towerOpacity).toHaveAttribute('aria-valuenow', String(towerValue));
    await expect.poll(() => requested.some((url) => url.includes(tower.hash))).toBe(true);
  } finally {
    await site.client.send(overlaysApi.destroy, {
      body: { project_id: site.projectId, overlay_id: side.id },
    });
  }
});

test('on the map, a plan whose image fails to load says “Não foi possível carregar a sobreposição” beside it in the sidebar; “Tentar novamente” asks again and draws it', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const site = await aurora();
  const tower = site.overlays.find((overlay) => overlay.name === TOWER_PLAN)!;
  expect(tower).toBeDefined();
  // The tower plan's full image (not the wizard's small one) fails; every other request goes through.
  const towerImage = new RegExp(`/api/v1/overlays/file/image\\?(?!.*small=1).*hash=${tower.hash}`);
  let failures = 0;
  await page.route(towerImage, async (route) => {
    failures += 1;
    await route.fulfill({ status: 500, body: '' });
  });
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora - Zona 7', path: '/page/area' });
  await waitForMapReady(mainMap(page));
  const item = page.getByTestId(`overlay-item-${tower.id}`);
  await expect(page.getByRole('checkbox', { name: TOWER_PLAN })).toBeChecked();
  await expect(item.getByText(OVERLAY_MESSAGES.loadFailed, { exact: true })).toBeVisible({ timeout: 20_000 });
  expect(OVERLAY_MESSAGES.loadFailed).toBe('Não foi possível carregar a sobreposição');
  expect(failures).toBeGreaterThan(0);
  // Said once, beside that plan only.
  await expect(page.getByText(OVERLAY_MESSAGES.loadFailed, { exact: true })).toHaveCount(1);
  await screenshotWhenAsked(page.getByTestId('overlay-sidebar'), {
    path: `${SHOTS}/map-sidebar-plan-failed.png`,
  });
  await screenshotWhenAsked(page, { path: `${SHOTS}/map-plan-failed.png` });
  const without = await colourAtMiddle(page, mainMap(page), tower);

  // The server answers again: “Tentar novamente” asks for the image, the message goes and the plan is drawn.
  await page.unroute(towerImage);
  const asked = page.waitForResponse(
    (response) => towerImage.test(response.url()) && response.status() === 200,
  );
  await item.getByRole('button', { name: `Tentar carregar ${TOWER_PLAN} novamente` }).click();
  await asked;
  await expect(item.getByText(OVERLAY_MESSAGES.loadFailed, { exact: true })).toHaveCount(0);
  // The plan is drawn: its middle on the map is no longer the imagery seen without it.
  await expect
    .poll(async () => {
      await waitForMapReady(mainMap(page));
      return colourDistance(await colourAtMiddle(page, mainMap(page), tower), hexOf(without));
    })
    .toBeGreaterThan(20);
  await screenshotWhenAsked(page, { path: `${SHOTS}/map-plan-retried.png` });
});

test('a plan image that fails to load says so and is asked again; a save the server refuses shows “Não foi possível salvar a sobreposição:” with its reason and saves nothing', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const refused = 'Falha simulada ao gravar a sobreposição.';
  const name = 'Planta recusada';
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/construction/overlays',
  });
  const rows = page.getByRole('table').locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  const before = await rows.allTextContents();

  await page.getByRole('button', { name: 'Criar sobreposição' }).click();
  const dialog = wizard(page);
  const next = dialog.getByRole('button', { name: 'Continuar' });
  await dialog.getByLabel('Nome').fill(name);
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'planta.pdf',
    mimeType: 'application/pdf',
    buffer: await planPdf(),
  });
  // The plan image failing to arrive says 'Não foi possível carregar a sobreposição'; “Tentar novamente” asks again.
  const smallPlan = /\/api\/v1\/overlays\/file\/image\?.*small=1/;
  await page.route(smallPlan, (route) => route.fulfill({ status: 500, body: '' }));
  await next.click();
  await expect(dialog.getByTestId('overlay-step-point-A')).toBeVisible({ timeout: 60_000 });
  await expect(dialog.getByText(OVERLAY_MESSAGES.loadFailed, { exact: true })).toBeVisible();
  expect(OVERLAY_MESSAGES.loadFailed).toBe('Não foi possível carregar a sobreposição');
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-plan-image-failed.png` });
  await page.unroute(smallPlan);
  await dialog.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(dialog.getByText(OVERLAY_MESSAGES.loadFailed, { exact: true })).toHaveCount(0);
  await markPoint(page, 'A', [0.3, 0.3]);
  await next.click();
  await markPoint(page, 'B', [0.7, 0.65]);
  await next.click();
  await expect(dialog.getByTestId('overlay-step-preview')).toBeVisible();

  // The server refuses the save: first with a 422 and its reason, then with a 500 and its own.
  const answers = [
    { status: 422, message: refused },
    { status: 500, message: 'Erro interno ao gravar a planta.' },
  ];
  let calls = 0;
  await page.route(/\/api\/v1\/overlays\/create$/, async (route) => {
    const answer = answers[Math.min(calls++, answers.length - 1)]!;
    await route.fulfill({
      status: answer.status,
      contentType: 'application/json',
      body: JSON.stringify({ message: answer.message }),
    });
  });
  const save = dialog.getByRole('button', { name: 'Salvar' });
  for (const answer of answers) {
    await save.click();
    await expect(page.getByText(`${OVERLAY_MESSAGES.saveFailed} ${answer.message}`)).toBeVisible();
    // The wizard stays on its preview with everything marked, so the person may try again.
    await expect(dialog.getByTestId('overlay-step-preview')).toBeVisible();
  }
  expect(OVERLAY_MESSAGES.saveFailed).toBe('Não foi possível salvar a sobreposição:');
  expect(calls).toBe(2);
  await expect(page.getByText(OVERLAY_MESSAGES.created)).toHaveCount(0);
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-save-refused.png` });

  await dialog.getByRole('button', { name: /^(Close|Fechar)$/ }).click();
  await expect(dialog).toHaveCount(0);
  await page.reload();
  await expect(rows.first()).toBeVisible();
  expect(await rows.allTextContents()).toEqual(before);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);
});

test('a hostile PDF (a 20,000² px image in some 50 KB) is refused with a clear message and the file cleared', async ({
  page,
}) => {
  const bomb = await imageBombPdf();
  expect(bomb.length).toBeLessThan(200_000);
  await openSignedIn(page, MANAGER, {
    project: 'Edifício Aurora - Zona 7',
    path: '/page/construction/overlays',
  });
  await page.getByRole('button', { name: 'Criar sobreposição' }).click();
  const dialog = wizard(page);
  await dialog.getByLabel('Nome').fill('Planta maliciosa');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'bomba.pdf',
    mimeType: 'application/pdf',
    buffer: bomb,
  });
  await dialog.getByRole('button', { name: 'Continuar' }).click();
  // The server's renderer refuses the image before decoding it (its own time and memory limits are the server
  // tests'): the person reads why, in Portuguese, and may choose another file.
  await expect(
    page.getByText(`${OVERLAY_MESSAGES.convertFailed} ${OVERLAY_MESSAGES.pdfImageTooLarge}`),
  ).toBeVisible({ timeout: 60_000 });
  expect(OVERLAY_MESSAGES.pdfImageTooLarge).toBe(
    'O PDF contém uma imagem grande demais (acima de 40 megapixels); exporte a planta com resolução menor.',
  );
  await expect(dialog.getByText('bomba.pdf')).toHaveCount(0);
  await expect(dialog.getByTestId('overlay-step-file')).toBeVisible();
  await screenshotWhenAsked(page, { path: `${SHOTS}/wizard-hostile-pdf.png` });
});
