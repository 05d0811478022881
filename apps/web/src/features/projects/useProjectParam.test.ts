import { describe, expect, it } from 'vitest';
import type { Project } from '@mirante/shared';
import { projectOfParam } from './useProjectParam';

const projects = [{ id: 3 }, { id: 7 }] as Project[];

describe('projectOfParam', () => {
  it("finds the project the link names among the user's", () => {
    expect(projectOfParam('?projeto=7&lote=12', projects)?.id).toBe(7);
  });

  it('ignores a project the user does not see, or a malformed id', () => {
    expect(projectOfParam('?projeto=9', projects)).toBeUndefined();
    expect(projectOfParam('?projeto=abc', projects)).toBeUndefined();
    expect(projectOfParam('', projects)).toBeUndefined();
  });
});
