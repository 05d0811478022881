import { describe, expect, it } from 'vitest';
import { mayPublish, seesItem, seesUnpublished } from './visibility';

describe('visibility policy', () => {
  it('shows unpublished items to an ADMIN only', () => {
    expect(seesUnpublished({ role: 'ADMIN' })).toBe(true);
    expect(seesUnpublished({ role: 'MANAGER' })).toBe(false);
    expect(seesUnpublished({ role: 'USER' })).toBe(false);
  });

  it('shows a published item to everyone and an unpublished one to an ADMIN only', () => {
    expect(seesItem({ role: 'USER' }, { published: true })).toBe(true);
    expect(seesItem({ role: 'MANAGER' }, { published: false })).toBe(false);
    expect(seesItem({ role: 'ADMIN' }, { published: false })).toBe(true);
  });

  it('lets only an ADMIN publish', () => {
    expect(mayPublish({ role: 'ADMIN' })).toBe(true);
    expect(mayPublish({ role: 'MANAGER' })).toBe(false);
  });
});
