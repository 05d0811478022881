import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { projectRegistrationApi, type CreateProjectInput, type EditProjectInput } from '@mirante/shared';
import { callApi } from '../../../shared/api/callApi';

const REGISTERED_KEY = ['admin', 'projects'] as const;

export function useRegisteredProjects() {
  return useQuery({ queryKey: REGISTERED_KEY, queryFn: () => callApi(projectRegistrationApi.listAll) });
}

/** After a change: the panel's list, the top bar's project selector and the security panel's project choices. */
function useRefreshProjects() {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: REGISTERED_KEY });
    void client.invalidateQueries({ queryKey: ['projects'] });
    void client.invalidateQueries({ queryKey: ['security', 'customer-projects'] });
  };
}

export function useCreateProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: (body: CreateProjectInput) => callApi(projectRegistrationApi.create, { body }),
    onSuccess: refresh,
  });
}

export function useEditProject() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: EditProjectInput }) =>
      callApi(projectRegistrationApi.edit, { params: { id }, body }),
    onSuccess: refresh,
  });
}

export function useSetProjectArchived() {
  const refresh = useRefreshProjects();
  return useMutation({
    mutationFn: ({ id, archived }: { id: number; archived: boolean }) =>
      callApi(archived ? projectRegistrationApi.archive : projectRegistrationApi.unarchive, {
        params: { id },
      }),
    onSuccess: refresh,
  });
}
