import { useNavigate } from 'react-router';
import type { ProjectType } from '@mirante/shared';
import { useProjectContext } from '../../projects/ProjectContext';
import { homePathFor } from '../../projects/selection';

/** Chooses the project in the header and opens its map (as 'Abrir o mapa do projeto' after an import). */
export function useOpenProjectMap() {
  const { selectProject } = useProjectContext();
  const navigate = useNavigate();
  return (project: { id: number; projectType: ProjectType }) => {
    selectProject(project.id);
    void navigate(homePathFor(project.projectType));
  };
}
