import { createContext, useContext } from 'react';
import type { Project } from '@mirante/shared';

export interface ProjectContextValue {
  projects: readonly Project[];
  project: Project;
  selectProject(id: number): void;
}

export const ProjectContext = createContext<ProjectContextValue | null>(null);

export function useProjectContext(): ProjectContextValue {
  const value = useContext(ProjectContext);
  if (!value) throw new Error('useProjectContext fora do ProjectProvider');
  return value;
}

export function useCurrentProject(): Project {
  return useProjectContext().project;
}
