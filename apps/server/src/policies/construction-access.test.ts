import { describe, expect, it } from 'vitest';
import type { ModuleCode } from '@mirante/shared';
import { constructionAccess } from './construction-access';

const user = (modules: ModuleCode[], role: 'ADMIN' | 'USER' = 'USER') => ({ role, modules });

describe('constructionAccess', () => {
  it('lets any construction module read, and only the own module write', () => {
    expect(constructionAccess(user(['construction.map']), 'CONSTRUCTION', 'read')).toBe('allowed');
    expect(constructionAccess(user(['construction.notes']), 'CONSTRUCTION', 'read')).toBe('allowed');
    expect(constructionAccess(user(['construction.map']), 'CONSTRUCTION', 'inspections')).toBe(
      'module-missing',
    );
    expect(constructionAccess(user(['construction.notes']), 'CONSTRUCTION', 'notes')).toBe('allowed');
    expect(constructionAccess(user(['construction.notes']), 'CONSTRUCTION', 'inspections')).toBe(
      'module-missing',
    );
  });

  it('refuses a user without construction modules and every other project type, even to an ADMIN', () => {
    expect(constructionAccess(user(['allotment.map']), 'CONSTRUCTION', 'read')).toBe('module-missing');
    expect(constructionAccess(user([], 'ADMIN'), 'CONSTRUCTION', 'notes')).toBe('allowed');
    expect(constructionAccess(user([], 'ADMIN'), 'ALLOTMENT', 'read')).toBe('module-missing');
  });
});
