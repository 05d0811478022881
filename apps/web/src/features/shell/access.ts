import {
  hasModule,
  isAdmin,
  moduleFor,
  type Credentials,
  type ModuleCode,
  type Project,
  type ProjectType,
} from '@mirante/shared';

export interface AccessContext {
  credentials: Credentials;
  project: Project;
  projects: readonly Project[];
}

/** What a route needs. `family` resolves against the current project type. */
export interface RouteRule {
  projectTypes?: readonly ProjectType[];
  module?: ModuleCode;
  family?: 'map' | 'security' | 'analysis';
  adminOnly?: boolean;
  when?: (context: AccessContext) => boolean;
}

export type Access = 'allowed' | 'not-allowed' | 'module-missing';

export function checkAccess(rule: RouteRule, context: AccessContext): Access {
  const { credentials, project } = context;
  if (rule.adminOnly && !isAdmin(credentials)) return 'not-allowed';
  if (rule.projectTypes && !rule.projectTypes.includes(project.projectType)) return 'not-allowed';
  if (rule.when && !rule.when(context)) return 'not-allowed';
  const module = rule.family ? moduleFor(project.projectType, rule.family) : rule.module;
  if (rule.family && !module) return 'not-allowed';
  if (module && !hasModule(credentials, module)) return 'module-missing';
  return 'allowed';
}
