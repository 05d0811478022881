import { useMutation } from '@tanstack/react-query';
import { notifyApi, type EndpointInput } from '@mirante/shared';
import { callApi } from '../../shared/api/callApi';

type HelpRequest = NonNullable<EndpointInput<typeof notifyApi.requestHelp>['body']>;

export function useRequestHelp() {
  return useMutation({
    mutationFn: (body: HelpRequest) => callApi(notifyApi.requestHelp, { body }),
  });
}
