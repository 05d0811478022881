import type { Credentials, Project } from '@mirante/shared';
import { MODULE_CODES } from '@mirante/shared';

const square: Project['delimiter'] = {
  type: 'Polygon',
  coordinates: [
    [
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ],
  ],
};

/** A complete project for unit tests; override what the test is about. */
export function testProject(overrides: Partial<Project> = {}): Project {
  return {
    id: 1,
    name: 'Jardim das Palmeiras - Etapas 1 a 3',
    space: 'jardim',
    center: [0.5, 0.5],
    bounds: [
      [0, 0],
      [1, 1],
    ],
    delimiter: square,
    limitLayer: square,
    defaultZoom: 16,
    default: false,
    projectType: 'ALLOTMENT',
    hasStage: false,
    hasReport: false,
    hasInformation: false,
    hasPriceVisualization: false,
    useProviderMapLayer: false,
    totalInspections: 0,
    layers: [],
    wallet_links: [],
    customerId: 1,
    customerCode: null,
    area: 1,
    perimeter: 1,
    releaseDate: null,
    stage: null,
    team: null,
    blocks: null,
    lots: null,
    address: null,
    city: null,
    state: null,
    detail: null,
    valorInadimplencia: null,
    archived: false,
    ...overrides,
  };
}

export function testCredentials(overrides: Partial<Credentials> = {}): Credentials {
  return {
    id: 1,
    api_token: 'token',
    name: 'Maria Clara',
    email: 'maria@exemplo.com.br',
    role: 'MANAGER',
    modules: [...MODULE_CODES],
    customer_id: 1,
    from_token: false,
    ...overrides,
  };
}
