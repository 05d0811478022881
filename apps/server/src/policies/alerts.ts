import {
  ALERT_KINDS,
  hasModule,
  isAdmin,
  moduleFor,
  type AlertKind,
  type ModuleCode,
  type ProjectType,
  type Role,
} from '@mirante/shared';

/** The project types an alert kind exists for, and the module family its reader needs. */
const KIND_RULES: Record<AlertKind, { types: readonly ProjectType[]; family: string }> = {
  scene_published: { types: ['ALLOTMENT', 'CONSTRUCTION', 'ENVIRONMENT'], family: 'map' },
  ai_readings: { types: ['ALLOTMENT'], family: 'map' },
  status_changes: { types: ['ALLOTMENT'], family: 'map' },
  environment_proposals: { types: ['ENVIRONMENT'], family: 'analysis' },
  sync_failed: { types: ['ALLOTMENT'], family: 'integration' },
  finance_imagery: { types: ['ALLOTMENT'], family: 'finance' },
};

/**
 * The alert kinds a user may receive for a project of `projectType`: those of the project's type whose module
 * he holds (ADMIN holds every module). A user without the finance module never gets a finance alert; an
 * inactive user gets none.
 */
export function alertKindsFor(
  user: { role: Role; modules: readonly ModuleCode[]; active: boolean },
  projectType: ProjectType,
): AlertKind[] {
  if (!user.active) return [];
  return ALERT_KINDS.filter((kind) => {
    const rule = KIND_RULES[kind];
    if (!rule.types.includes(projectType)) return false;
    const code = moduleFor(projectType, rule.family);
    return isAdmin(user) || (code !== undefined && hasModule(user, code));
  });
}
