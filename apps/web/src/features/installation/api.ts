import { useQuery } from '@tanstack/react-query';
import { systemApi } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

export const installationKey = ['installation'] as const;

/** What kind of install this is (the demonstration or a real one): asked once per page load; no answer, no banner. */
export function useInstallation() {
  return useQuery({
    queryKey: installationKey,
    queryFn: () => callApi(systemApi.installation, {}),
    staleTime: Infinity,
  });
}
