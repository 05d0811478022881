import { SELECTED_PROJECT_STORAGE_KEY, type Project, type ProjectType } from '@mirante/shared';

export function readStoredProjectId(): number | null {
  const raw = localStorage.getItem(SELECTED_PROJECT_STORAGE_KEY);
  const id = raw === null ? NaN : Number(raw);
  return Number.isInteger(id) ? id : null;
}

export function storeProjectId(id: number): void {
  localStorage.setItem(SELECTED_PROJECT_STORAGE_KEY, String(id));
}

/** The roles and permissions: a stored selection wins if still available, else the project flagged default, else the first. */
export function initialProject(projects: readonly Project[], storedId: number | null): Project | undefined {
  return (
    projects.find((project) => project.id === storedId) ??
    projects.find((project) => project.default) ??
    projects[0]
  );
}

/** The first page of a project: the allotment map for allotments, the area map otherwise. */
export function homePathFor(projectType: ProjectType): string {
  return projectType === 'ALLOTMENT' ? '/page/fusion-map' : '/page/area';
}

/** The states and transitions: where the user lands after switching from `previous` to `next` while on `currentPath`. */
export function pathAfterProjectChange(
  previous: Project | undefined,
  next: Project,
  currentPath: string,
): string {
  if (previous && previous.projectType === next.projectType) return currentPath;
  if (previous && next.projectType !== 'ALLOTMENT') return '/page/area';
  return '/page/fusion-map';
}
