import type { ModuleCode, Role } from '@mirante/shared';
import { describe, expect, it } from 'vitest';
import { projectAccess, projectScopeOf } from './project-access';

const user = (role: Role, modules: ModuleCode[] = []) => ({ id: 7, role, customerId: 3, modules });

describe('projectScopeOf', () => {
  it('gives an ADMIN every project of every customer, archived ones included', () => {
    expect(projectScopeOf(user('ADMIN'))).toEqual({ userId: null, customerId: null, includeArchived: true });
  });

  it.each(['MANAGER', 'USER'] as const)(
    'limits a %s to his linked projects in his own customer, never an archived one',
    (role) => {
      expect(projectScopeOf(user(role))).toEqual({ userId: 7, customerId: 3, includeArchived: false });
    },
  );
});

describe('projectAccess', () => {
  const allotment = { projectType: 'ALLOTMENT' as const };

  it('hides a project outside the scope, whatever the modules (answered 404 like a missing id)', () => {
    expect(projectAccess(user('MANAGER', ['allotment.map']), undefined, 'map')).toBe('hidden');
    expect(projectAccess(user('ADMIN'), undefined)).toBe('hidden');
  });

  it("allows a visible project when the user holds the family's module for its type", () => {
    expect(projectAccess(user('USER', ['allotment.map']), allotment, 'map')).toBe('allowed');
  });

  it("refuses (403) a visible project when the module is another type's or missing", () => {
    expect(projectAccess(user('USER', ['construction.map']), allotment, 'map')).toBe('module-missing');
    expect(projectAccess(user('USER', []), allotment, 'detections')).toBe('module-missing');
  });

  it('refuses a family the project type does not have', () => {
    expect(projectAccess(user('USER', ['allotment.map']), { projectType: 'ENVIRONMENT' }, 'finance')).toBe(
      'module-missing',
    );
  });

  it('lets an ADMIN use every module, and anyone see a visible project when no module is asked', () => {
    expect(projectAccess(user('ADMIN'), allotment, 'detections')).toBe('allowed');
    expect(projectAccess(user('USER'), allotment)).toBe('allowed');
  });
});
