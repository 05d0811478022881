import { managesProjects, SCHEDULED_REPORT_MESSAGES } from '@mirante/shared';
import type { AuthUser } from '../features/auth';
import { forbidden } from '../http/app-error';

/** ADMIN and MANAGER schedule a project's e-mailed reports (for the projects they see); a USER only receives them. */
export const mayScheduleReports = (user: AuthUser): boolean => managesProjects(user);

export function assertMayScheduleReports(user: AuthUser): void {
  if (!mayScheduleReports(user)) throw forbidden(SCHEDULED_REPORT_MESSAGES.forbidden);
}

/** The module a recipient needs: the report is the detections list's, by e-mail. */
export const REPORT_RECIPIENT_MODULE = 'allotment.detections';
