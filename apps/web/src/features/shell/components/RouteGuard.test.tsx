import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { ModuleCode } from '@mirante/shared';
import { PAGE_ELEMENTS } from '../../../app/pageRoutes';
import { renderWithApp, setupUser } from '../../../test/render';
import { ROUTE_RULES } from '../routeRules';
import { MainMenu } from './MainMenu';
import { RouteGuard } from './RouteGuard';

const allotment = { hasInformation: true, hasPriceVisualization: true };
const withoutFinance: ModuleCode[] = ['allotment.map', 'allotment.detections', 'allotment.security'];

/** The shell's menu and the finance page behind its guard, as /page/information renders them. */
const financePage = (
  <>
    <MainMenu />
    <RouteGuard rule={ROUTE_RULES.information}>{PAGE_ELEMENTS.information}</RouteGuard>
  </>
);

describe('the finance page (/page/information) and its module', () => {
  it('a user with the finance module has the Financeiro menu item', async () => {
    renderWithApp(<MainMenu />, {
      path: '/page/information',
      project: allotment,
      credentials: { role: 'USER', modules: [...withoutFinance, 'allotment.finance'] },
    });
    expect(await screen.findByRole('menuitem', { name: 'Financeiro' })).toBeTruthy();
  });

  it('a user without the finance module: no Financeiro menu, and the page shows the not-allowed view', async () => {
    // No finance call is answered: the guard must keep the page from asking (an unanswered call fails the test).
    renderWithApp(financePage, {
      path: '/page/information',
      project: allotment,
      credentials: { role: 'USER', modules: withoutFinance },
    });
    expect(await screen.findByText('Módulo não disponível')).toBeTruthy();
    expect(
      screen.getByText('O seu grupo de permissões não inclui este módulo. Fale com o gestor da sua conta.'),
    ).toBeTruthy();
    expect(screen.getByTestId('module-not-available')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mapa' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Financeiro' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Análise da carteira' })).toBeNull();
  });
});

const environment = { projectType: 'ENVIRONMENT' as const, space: 'app-ribeirao-pinguim', hasReport: true };

/** The shell's menu over the environment pages behind their guards; `analysis` stands for the analysis page. */
function environmentShell(analysis: ReactNode) {
  return (
    <>
      <MainMenu />
      <Routes>
        <Route
          path="/page/report"
          element={<RouteGuard rule={ROUTE_RULES.report}>{PAGE_ELEMENTS.report}</RouteGuard>}
        />
        <Route
          path="/page/analysis"
          element={<RouteGuard rule={ROUTE_RULES.analysis}>{analysis}</RouteGuard>}
        />
      </Routes>
    </>
  );
}

describe('the environment pages and their modules', () => {
  it('without environment.report the page shows the module view and the menu has no Relatório; the analysis page still opens', async () => {
    const user = setupUser();
    // The analysis page's own loading is the browser tests' (environment-analysis.spec.ts): here, its guard.
    renderWithApp(environmentShell(<p>Página de análise</p>), {
      path: '/page/report',
      project: environment,
      credentials: { role: 'USER', modules: ['environment.map', 'environment.analysis'] },
    });
    expect(await screen.findByText('Módulo não disponível')).toBeTruthy();
    expect(screen.getByTestId('module-not-available')).toBeTruthy();
    expect(screen.queryByText('Relatório não habilitado para este empreendimento')).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Relatório' })).toBeNull();
    await user.click(screen.getByRole('menuitem', { name: 'Análise' }));
    expect(await screen.findByText('Página de análise')).toBeTruthy();
    expect(screen.queryByTestId('module-not-available')).toBeNull();
  });

  it('without environment.analysis the analysis page shows the module view', async () => {
    renderWithApp(environmentShell(PAGE_ELEMENTS.analysis), {
      path: '/page/analysis',
      project: environment,
      credentials: { role: 'USER', modules: ['environment.map'] },
    });
    expect(await screen.findByTestId('module-not-available')).toBeTruthy();
    expect(screen.getByText('Módulo não disponível')).toBeTruthy();
    expect(screen.getByRole('menuitem', { name: 'Mapa' })).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Análise' })).toBeNull();
  });
});
