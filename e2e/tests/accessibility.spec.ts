import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { englishNames } from './english-names';
import { ensureAllotmentScenes, ensureScenes, scenePng } from './map-scenes';
import { ADMIN, MANAGER, openSignedIn } from './support';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA: what a public service in Brazil is held to (eMAG follows WCAG). */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
/** The map's picture is a canvas drawn by MapLibre: its contrast and names are not the page's DOM. */
const MAP_CANVASES = '.maplibregl-canvas';

interface Finding {
  route: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
}

/** For a contrast failure, its colours and ratio: what the fix has to change. */
function contrastOf(checks: { data?: unknown }[]): string {
  const data = checks[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | undefined;
  return data?.fgColor ? ` (${data.fgColor} on ${data.bgColor}: ${data.contrastRatio})` : '';
}

/**
 * Runs axe on what the page shows now and notes every serious or critical violation under `route`, and every
 * English name a screen reader would read out (icons, the map, table selection): a test walks all its routes and
 * then reports them together, so one run lists everything to fix.
 */
async function audit(page: Page, route: string, findings: Finding[]): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).exclude(MAP_CANVASES).analyze();
  for (const violation of results.violations) {
    if (violation.impact !== 'serious' && violation.impact !== 'critical') continue;
    findings.push({
      route,
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.map((node) => `${node.target.join(' ')}${contrastOf(node.any)}`),
    });
  }
  const english = await englishNames(page);
  if (english.length > 0)
    findings.push({ route, id: 'english-name', impact: 'serious', help: 'Nome em inglês', targets: english });
}

/** Opens `path` from inside the app (the session stays), waits for its main content and audits it. */
async function visit(page: Page, path: string, ready: Locator, findings: Finding[]): Promise<void> {
  await page.goto(path);
  await expect(ready).toBeVisible({ timeout: 60_000 });
  await audit(page, path, findings);
}

function report(findings: Finding[]): string {
  return findings
    .map(
      (finding) =>
        `${finding.route} · ${finding.id} (${finding.impact}): ${finding.help}\n    ${finding.targets.join('\n    ')}`,
    )
    .join('\n');
}

test.beforeAll(async ({ request }) => {
  test.setTimeout(90_000);
  // The allotment's map with its image tools, as a customer sees it.
  await ensureAllotmentScenes(request);
  // The environment project's analysis page needs two images (dates the environment specs use too).
  await ensureScenes(request, 'app-ribeirao-pinguim', [
    { date: '2024-05-01', png: scenePng(640, 384, 0) },
    { date: '2024-09-01', png: scenePng(640, 384, 1) },
  ]);
});

const heading = (page: Page, name: string | RegExp) => page.getByRole('heading', { name, exact: true });
const mapStatusBar = (page: Page) => page.getByTestId('map-status-bar');

test('the signed-out pages have no serious or critical accessibility violation and no English name', async ({
  page,
}) => {
  const findings: Finding[] = [];
  await visit(page, '/', page.getByLabel('Senha'), findings);
  await visit(
    page,
    '/auth/pass?t=token-que-nao-existe&m=1',
    page.locator('#root h1, #root form').first(),
    findings,
  );
  await visit(
    page,
    '/compartilhado/link-que-nao-existe',
    page.locator('#root').getByText(/.+/).first(),
    findings,
  );
  expect(findings.length, report(findings)).toBe(0);
});

test("an ADMIN's allotment pages and own settings have no serious or critical violation and no English name", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const findings: Finding[] = [];
  await openSignedIn(page, ADMIN, { project: 'Jardim das Palmeiras', path: '/page/fusion-map' });
  await expect(mapStatusBar(page)).toBeVisible({ timeout: 60_000 });
  await audit(page, '/page/fusion-map', findings);
  await visit(page, '/page/list', page.getByTestId('detections-table'), findings);
  await visit(page, '/page/information', page.getByTestId('portfolio-row').first(), findings);
  await visit(
    page,
    '/page/allotment-value',
    page.getByRole('button', { name: 'Selecionar todos' }),
    findings,
  );
  await visit(page, '/page/security', heading(page, 'Painel de segurança'), findings);
  await visit(page, '/page/integration', heading(page, 'Integração com ERPs'), findings);
  await visit(
    page,
    '/page/gis-keys',
    page.getByText('Chaves de acesso GIS', { exact: true }).first(),
    findings,
  );
  await visit(
    page,
    '/page/alerts',
    page.getByText('Preferências de alertas', { exact: true }).first(),
    findings,
  );
  await visit(page, '/page/change-password', page.getByLabel('Senha atual'), findings);
  expect(findings.length, report(findings)).toBe(0);
});

test("an ADMIN's admin panel tabs and the help dialog have no serious or critical violation or English name", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const findings: Finding[] = [];
  await openSignedIn(page, ADMIN, { project: 'Jardim das Palmeiras', path: '/page/admin' });
  await expect(heading(page, 'Painel de administração')).toBeVisible({ timeout: 60_000 });
  await audit(page, '/page/admin', findings);
  const tabs = page.getByRole('tab');
  const names = await tabs.allInnerTexts();
  expect(names.length).toBeGreaterThan(5);
  for (const name of names.slice(1)) {
    await page.getByRole('tab', { name, exact: true }).click();
    await expect(page.getByRole('tabpanel', { name })).toBeVisible();
    await audit(page, `/page/admin · ${name}`, findings);
  }

  await page.getByRole('button', { name: 'Ajuda' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await audit(page, 'Ajuda', findings);
  expect(findings.length, report(findings)).toBe(0);
});

test("a MANAGER's construction and environment pages have no serious or critical violation or English name", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const findings: Finding[] = [];
  await openSignedIn(page, MANAGER, { project: 'Edifício Aurora', path: '/page/area' });
  await expect(mapStatusBar(page)).toBeVisible({ timeout: 60_000 });
  await audit(page, '/page/area (obra)', findings);
  await visit(page, '/page/construction/inspections', heading(page, 'Vistorias'), findings);
  await visit(page, '/page/construction/notes', heading(page, 'Anotações'), findings);
  await visit(page, '/page/construction/overlays', heading(page, 'Sobreposições'), findings);

  await openSignedIn(page, MANAGER, { project: 'APP Ribeirão Pinguim', path: '/page/area' });
  await expect(mapStatusBar(page)).toBeVisible({ timeout: 60_000 });
  await audit(page, '/page/area (ambiental)', findings);
  await visit(page, '/page/analysis', heading(page, 'Análise'), findings);
  // A project whose report is not enabled says so: that screen is audited then.
  const reportScreen = heading(page, 'Relatório de Análise').or(
    page.getByText('Relatório não habilitado para este empreendimento'),
  );
  await visit(page, '/page/report', reportScreen, findings);
  expect(findings.length, report(findings)).toBe(0);
});
