import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { Project } from '@mirante/shared';

/** The query parameter an e-mailed or bell link names its project with (`/page/area?projeto=12`). */
export const PROJECT_PARAM = 'projeto';

/** The project a link names, when the user sees it. */
export function projectOfParam(
  search: string,
  projects: readonly Project[] | undefined,
): Project | undefined {
  const raw = new URLSearchParams(search).get(PROJECT_PARAM);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? projects?.find((project) => project.id === id) : undefined;
}

/** Selects the project a link names (`?projeto=`) once the user's projects are known. */
export function useProjectParam(
  projects: readonly Project[] | undefined,
  select: (project: Project) => void,
): void {
  const { search } = useLocation();
  useEffect(() => {
    const named = projectOfParam(search, projects);
    if (named) select(named);
  }, [search, projects, select]);
}
