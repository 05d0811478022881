import { describe, expect, it } from 'vitest';
import { hasAnyModule, hasModule } from './abilities';
import { isAdmin, isPlainUser, managesProjects } from './roles';

describe('the role predicates', () => {
  it('an ADMIN is an admin and manages projects', () => {
    expect(isAdmin({ role: 'ADMIN' })).toBe(true);
    expect(managesProjects({ role: 'ADMIN' })).toBe(true);
    expect(isPlainUser({ role: 'ADMIN' })).toBe(false);
  });

  it('a MANAGER manages projects without being an admin', () => {
    expect(isAdmin({ role: 'MANAGER' })).toBe(false);
    expect(managesProjects({ role: 'MANAGER' })).toBe(true);
    expect(isPlainUser({ role: 'MANAGER' })).toBe(false);
  });

  it('a USER neither administers nor manages projects', () => {
    expect(isAdmin({ role: 'USER' })).toBe(false);
    expect(managesProjects({ role: 'USER' })).toBe(false);
    expect(isPlainUser({ role: 'USER' })).toBe(true);
  });
});

describe('hasModule', () => {
  it('an ADMIN holds every module without a group', () => {
    expect(hasModule({ role: 'ADMIN', modules: [] }, 'allotment.finance')).toBe(true);
  });

  it('anybody else holds only the modules of his group', () => {
    const manager = { role: 'MANAGER', modules: ['allotment.map'] } as const;
    expect(hasModule(manager, 'allotment.map')).toBe(true);
    expect(hasModule(manager, 'allotment.finance')).toBe(false);
  });

  it('hasAnyModule asks for one of several', () => {
    const user = { role: 'USER', modules: ['construction.notes'] } as const;
    expect(hasAnyModule(user, ['construction.map', 'construction.notes'])).toBe(true);
    expect(hasAnyModule(user, ['construction.map', 'construction.inspections'])).toBe(false);
  });
});
