import { isAdmin } from '@mirante/shared';
import type { RouteRule } from './access';

const ALLOTMENT = ['ALLOTMENT'] as const;
const CONSTRUCTION = ['CONSTRUCTION'] as const;

/** The guards of the routes under /page (project type, module, role), shared by the router and the top-bar menu. */
export const ROUTE_RULES = {
  'fusion-map': { projectTypes: ALLOTMENT, module: 'allotment.map' },
  area: { family: 'map' },
  analysis: { family: 'analysis' },
  'allotment-value': {
    projectTypes: ALLOTMENT,
    module: 'allotment.map',
    when: ({ project }) => project.hasPriceVisualization,
  },
  report: {
    projectTypes: ['ENVIRONMENT'],
    module: 'environment.report',
    when: ({ projects }) => projects.some((project) => project.hasReport),
  },
  list: { projectTypes: ALLOTMENT, module: 'allotment.detections' },
  information: {
    projectTypes: ALLOTMENT,
    module: 'allotment.finance',
    when: ({ projects }) => projects.some((project) => project.hasInformation),
  },
  security: { family: 'security' },
  integration: {
    module: 'allotment.integration',
    when: ({ credentials, project }) => isAdmin(credentials) || project.projectType === 'ALLOTMENT',
  },
  'construction/images': { projectTypes: CONSTRUCTION, module: 'construction.map' },
  'construction/inspections': { projectTypes: CONSTRUCTION, module: 'construction.inspections' },
  'construction/overlays': { projectTypes: CONSTRUCTION, module: 'construction.overlays' },
  'construction/notes': { projectTypes: CONSTRUCTION, module: 'construction.notes' },
  'construction/report': { projectTypes: CONSTRUCTION, module: 'construction.map' },
  'construction/users': { projectTypes: CONSTRUCTION, module: 'construction.map' },
  admin: { adminOnly: true },
  'change-password': {},
  'gis-keys': {},
  alerts: {},
} satisfies Record<string, RouteRule>;

export type PagePath = keyof typeof ROUTE_RULES;
