import { describe, expect, it } from 'vitest';
import { mayShareProjects } from './share-links';

describe('mayShareProjects', () => {
  it('lets ADMINs and MANAGERs share, never USERs', () => {
    expect(mayShareProjects({ role: 'ADMIN' })).toBe(true);
    expect(mayShareProjects({ role: 'MANAGER' })).toBe(true);
    expect(mayShareProjects({ role: 'USER' })).toBe(false);
  });
});
