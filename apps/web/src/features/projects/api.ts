import { useQuery } from '@tanstack/react-query';
import { projectsApi } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';
import { useCredentials } from '../../shared/session/SessionContext';

/** The signed-in user's projects (ADMIN: all). 404 means the user has none. */
export function useProjects() {
  const { api_token } = useCredentials();
  return useQuery({
    queryKey: ['projects', api_token],
    queryFn: () => callApi(projectsApi.list),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
