import { isAdmin } from '@mirante/shared';
import type { AuthUser } from '../features/auth';

/** Judging a scene's alignment proposal (and so setting its offset from it) is the ADMIN's. */
export const mayJudgeAlignment = (user: Pick<AuthUser, 'role'>): boolean => isAdmin(user);
