import type { ProjectType } from './projects';

export const MODULE_CODES = [
  'allotment.map',
  'allotment.detections',
  'allotment.finance',
  'allotment.integration',
  'allotment.analysis',
  'allotment.security',
  'construction.map',
  'construction.inspections',
  'construction.overlays',
  'construction.notes',
  'construction.security',
  'environment.map',
  'environment.analysis',
  'environment.report',
  'environment.security',
] as const;
export type ModuleCode = (typeof MODULE_CODES)[number];

const PREFIX_BY_PROJECT_TYPE: Record<ProjectType, string> = {
  ALLOTMENT: 'allotment',
  CONSTRUCTION: 'construction',
  ENVIRONMENT: 'environment',
};

/** The module of a family (`map`, `security`, `analysis`) for a project type, when that type has it. */
export function moduleFor(projectType: ProjectType, family: string): ModuleCode | undefined {
  const code = `${PREFIX_BY_PROJECT_TYPE[projectType]}.${family}`;
  return (MODULE_CODES as readonly string[]).includes(code) ? (code as ModuleCode) : undefined;
}

export function projectTypeOfModule(code: ModuleCode): ProjectType {
  if (code.startsWith('allotment.')) return 'ALLOTMENT';
  if (code.startsWith('construction.')) return 'CONSTRUCTION';
  return 'ENVIRONMENT';
}
