import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ModuleCode } from '@mirante/shared';
import { PAGE_ELEMENTS } from '../../../app/pageRoutes';
import { renderWithApp } from '../../../test/render';
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
