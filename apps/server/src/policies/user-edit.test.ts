import type { Role } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import type { AuthUser } from '../features/auth';
import { assertMayEdit, assertMayGrantProjects, assertMaySetRole, assertMaySetStatus } from './user-edit';

const caller = (role: Role, id = 1): AuthUser => ({
  id,
  name: 'Pessoa',
  email: 'pessoa@teste',
  role,
  customerId: 1,
  groupId: null,
  active: true,
  modules: [],
  sessionId: 's',
  fromToken: false,
});
const codeOf = (run: () => void) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return (error as { code?: string }).code;
  }
};

describe('user-edit policy', () => {
  it('lets an ADMIN edit anyone and others only themselves or a lower role', () => {
    expect(codeOf(() => assertMayEdit(caller('ADMIN'), { id: 2, role: 'ADMIN' }))).toBe('ok');
    expect(codeOf(() => assertMayEdit(caller('MANAGER'), { id: 2, role: 'USER' }))).toBe('ok');
    expect(codeOf(() => assertMayEdit(caller('USER'), { id: 1, role: 'USER' }))).toBe('ok');
    expect(codeOf(() => assertMayEdit(caller('MANAGER'), { id: 2, role: 'MANAGER' }))).toBe(
      'ROLE_NOT_BELOW_CALLER',
    );
    expect(codeOf(() => assertMayEdit(caller('USER'), { id: 2, role: 'USER' }))).toBe(
      'ROLE_NOT_BELOW_CALLER',
    );
  });

  it('lets only an ADMIN change a role', () => {
    expect(codeOf(() => assertMaySetRole(caller('MANAGER'), 'MANAGER', 'USER'))).toBe('ROLE_CHANGE');
    expect(codeOf(() => assertMaySetRole(caller('MANAGER'), 'USER', 'USER'))).toBe('ok');
    expect(codeOf(() => assertMaySetRole(caller('ADMIN'), 'MANAGER', 'USER'))).toBe('ok');
  });

  it('grants no projects to oneself, and a non-ADMIN only projects he holds', () => {
    expect(codeOf(() => assertMayGrantProjects(caller('MANAGER'), 1, [5], [5]))).toBe('SELF_PROJECTS');
    expect(codeOf(() => assertMayGrantProjects(caller('MANAGER'), 2, [6], [5]))).toBe('PROJECT_NOT_HELD');
    expect(codeOf(() => assertMayGrantProjects(caller('MANAGER'), 2, [5], [5]))).toBe('ok');
    expect(codeOf(() => assertMayGrantProjects(caller('ADMIN'), 2, [6], []))).toBe('ok');
  });

  it('never inactivates oneself, and re-activates only from the inactivating role up', () => {
    const target = { id: 2, role: 'USER' as const, status: false, inactivatedByRole: 'ADMIN' as const };
    expect(codeOf(() => assertMaySetStatus(caller('USER', 2), { ...target, status: true }, false))).toBe(
      'SELF_INACTIVATION',
    );
    expect(codeOf(() => assertMaySetStatus(caller('MANAGER'), target, true))).toBe(
      'REACTIVATION_BY_HIGHER_ROLE',
    );
    expect(codeOf(() => assertMaySetStatus(caller('ADMIN'), target, true))).toBe('ok');
  });
});
