import { describe, expect, it } from 'vitest';
import { mayManageProjects } from './project-registration';

describe('mayManageProjects', () => {
  it('lets an ADMIN register, edit and archive projects', () => {
    expect(mayManageProjects({ role: 'ADMIN' })).toBe(true);
  });

  it.each(['MANAGER', 'USER'] as const)('refuses a %s', (role) => {
    expect(mayManageProjects({ role })).toBe(false);
  });
});
