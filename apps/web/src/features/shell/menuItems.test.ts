import { describe, expect, it } from 'vitest';
import { testCredentials, testProject } from '../../test/fixtures';
import { checkAccess } from './access';
import { menuItemsFor } from './menuItems';
import { ROUTE_RULES } from './routeRules';

const allotment = testProject({ hasPriceVisualization: true, hasInformation: true });
const environment = testProject({ id: 3, projectType: 'ENVIRONMENT', hasReport: true });
const labels = (...args: Parameters<typeof menuItemsFor>) => menuItemsFor(...args).map((item) => item.label);

describe('menuItemsFor', () => {
  it('shows every allotment item with all modules', () =>
    expect(labels({ credentials: testCredentials(), project: allotment, projects: [allotment] })).toEqual([
      'Mapa',
      'Detecções',
      'Financeiro',
      'Integração',
      'Metro²',
      'Segurança',
    ]));

  it('hides Metro² for token sessions and items whose module is missing', () => {
    const credentials = testCredentials({
      role: 'USER',
      from_token: true,
      modules: ['allotment.map', 'allotment.security'],
    });
    expect(labels({ credentials, project: allotment, projects: [allotment] })).toEqual(['Mapa', 'Segurança']);
  });

  it('refuses the security panel to a MANAGER without a security module (menu and route)', () => {
    const credentials = testCredentials({ role: 'MANAGER', modules: ['allotment.map', 'allotment.finance'] });
    const context = { credentials, project: allotment, projects: [allotment] };
    expect(labels(context)).not.toContain('Segurança');
    expect(checkAccess(ROUTE_RULES.security, context)).toBe('module-missing');
  });

  it('always shows detections to ADMIN', () => {
    const credentials = testCredentials({ role: 'ADMIN', modules: [] });
    expect(labels({ credentials, project: allotment, projects: [allotment] })).toContain('Detecções');
  });

  it('shows Relatório only when the project has a report', () => {
    const context = { credentials: testCredentials(), projects: [environment] };
    expect(labels({ ...context, project: environment })).toEqual([
      'Mapa',
      'Análise',
      'Relatório',
      'Segurança',
    ]);
    const withoutReport = { ...environment, hasReport: false };
    expect(labels({ ...context, project: withoutReport })).not.toContain('Relatório');
  });
});

describe('checkAccess', () => {
  const user = testCredentials({ role: 'USER', modules: ['allotment.map'] });
  const context = { credentials: user, project: allotment, projects: [allotment] };
  it('denies admin pages to others', () =>
    expect(checkAccess(ROUTE_RULES.admin, context)).toBe('not-allowed'));
  it('reports a missing module', () =>
    expect(checkAccess(ROUTE_RULES.information, context)).toBe('module-missing'));
  it('denies pages of another project type', () =>
    expect(checkAccess(ROUTE_RULES['construction/notes'], context)).toBe('not-allowed'));
  it('resolves module families by project type', () =>
    expect(checkAccess(ROUTE_RULES.area, context)).toBe('allowed'));
});
