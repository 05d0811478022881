import type { ProjectType } from '@mirante/shared';
import { checkAccess, type AccessContext } from './access';
import { ROUTE_RULES, type PagePath } from './routeRules';

export interface MenuEntry {
  path: PagePath;
  label: string;
}

const MENU_BY_TYPE: Record<ProjectType, readonly MenuEntry[]> = {
  ALLOTMENT: [
    { path: 'fusion-map', label: 'Mapa' },
    { path: 'list', label: 'Detecções' },
    { path: 'information', label: 'Financeiro' },
    { path: 'integration', label: 'Integração' },
    { path: 'allotment-value', label: 'Metro²' },
    { path: 'security', label: 'Segurança' },
  ],
  CONSTRUCTION: [
    { path: 'area', label: 'Mapa' },
    { path: 'construction/inspections', label: 'Vistorias' },
    { path: 'construction/overlays', label: 'Sobreposições' },
    { path: 'construction/notes', label: 'Anotações' },
    { path: 'security', label: 'Segurança' },
  ],
  ENVIRONMENT: [
    { path: 'area', label: 'Mapa' },
    { path: 'analysis', label: 'Análise' },
    { path: 'report', label: 'Relatório' },
    { path: 'security', label: 'Segurança' },
  ],
};

/** Entry and navigation: the menu of the project type, each item only with its module; Metro² hidden for token sessions. */
export function menuItemsFor(context: AccessContext): MenuEntry[] {
  const { credentials, project } = context;
  return MENU_BY_TYPE[project.projectType].filter((entry) => {
    if (entry.path === 'allotment-value' && credentials.from_token) return false;
    if (entry.path === 'report' && !project.hasReport) return false;
    return checkAccess(ROUTE_RULES[entry.path], context) === 'allowed';
  });
}
