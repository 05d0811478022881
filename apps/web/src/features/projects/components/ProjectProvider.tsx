import { useCallback, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { statusOf } from '../../../shared/api/ApiError';
import { withToken } from '../../../shared/routing/withToken';
import { LoadingScreen } from '../../../shared/status/LoadingScreen';
import { NoProjectScreen } from '../../../shared/status/NoProjectScreen';
import { NotAllowedScreen } from '../../../shared/status/NotAllowedScreen';
import { ServerErrorScreen } from '../../../shared/status/ServerErrorScreen';
import { useProjects } from '../api';
import { ProjectContext, type ProjectContextValue } from '../ProjectContext';
import { initialProject, pathAfterProjectChange, readStoredProjectId, storeProjectId } from '../selection';
import { useProjectParam } from '../useProjectParam';

/**
 * Loads the user's projects and keeps the selected one; its failures show the app's status screens (no projects,
 * failed to load). `noProject` is offered on the no-project screen: the ADMIN's registration form, and a way out.
 */
export function ProjectProvider({
  children,
  noProject,
}: {
  children: ReactNode;
  noProject?: { firstProject?: ReactNode; signOut?: ReactNode };
}) {
  const projectsQuery = useProjects();
  const [selectedId, setSelectedId] = useState<number | null>(readStoredProjectId);
  const navigate = useNavigate();
  const location = useLocation();
  const projects = projectsQuery.data;
  const project = projects ? initialProject(projects, selectedId) : undefined;

  const selectProject = useCallback(
    (id: number) => {
      const next = projects?.find((candidate) => candidate.id === id);
      if (!next) return;
      storeProjectId(id);
      setSelectedId(id);
      const path = pathAfterProjectChange(project, next, location.pathname);
      navigate(withToken(path, location.search));
    },
    [projects, project, location.pathname, location.search, navigate],
  );

  // A link that names its project (an alert's) opens in it, without leaving the page it leads to.
  const adoptLinked = useCallback((linked: { id: number }) => {
    storeProjectId(linked.id);
    setSelectedId(linked.id);
  }, []);
  useProjectParam(projects, adoptLinked);

  const value = useMemo<ProjectContextValue | null>(
    () => (projects && project ? { projects, project, selectProject } : null),
    [projects, project, selectProject],
  );

  if (projectsQuery.isPending) return <LoadingScreen label="Carregando projetos…" />;
  if (projectsQuery.isError) {
    const status = statusOf(projectsQuery.error);
    if (status === 404) return <NoProjectScreen {...noProject} />;
    if (status === 403) return <NotAllowedScreen />;
    return <ServerErrorScreen onRetry={() => void projectsQuery.refetch()} />;
  }
  if (!value) return <NoProjectScreen {...noProject} />;
  return <ProjectContext.Provider value={value}>{children}</ProjectContext.Provider>;
}
