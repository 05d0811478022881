import { useMutation } from '@tanstack/react-query';
import { dsmDifferenceApi, endpointUrl, type DsmDifferenceQuery } from '@mirante/shared';
import { callApi } from '../../../shared/api/callApi';
import { readStoredCredentials } from '../../../shared/session/credentialsStorage';

/** The elevation-difference layer and its totals between two inspections' DSMs. */
export function useDsmDifference() {
  return useMutation({
    mutationFn: (query: DsmDifferenceQuery) => callApi(dsmDifferenceApi.compute, { query }),
  });
}

/** The GeoTIFF download link of the same difference, with the session's api_token. */
export function dsmDifferenceGeoTiffHref(query: DsmDifferenceQuery): string {
  const search = new URLSearchParams({
    inspection_id: String(query.inspection_id),
    compare_inspection_id: String(query.compare_inspection_id),
    tolerance: String(query.tolerance),
    api_token: readStoredCredentials()?.api_token ?? '',
  });
  return `${endpointUrl(dsmDifferenceApi.geotiff)}?${search.toString()}`;
}
