import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect } from 'react';
import { LoadingScreen } from '../../shared/status/LoadingScreen';
import { useCurrentProject } from '../projects/ProjectContext';
import { informationsQuery } from './api';

const InformationPage = lazy(() => import('./pages/InformationPage'));

/**
 * /page/information: starts loading the portfolio while the page's code is still downloading (10,000 lots are
 * a few MB; first render ≤ 1.5 s, bench/finance).
 */
export function InformationRoute() {
  const project = useCurrentProject();
  const client = useQueryClient();
  useEffect(() => {
    void client.prefetchQuery({ ...informationsQuery(project.id), staleTime: 5_000 });
  }, [client, project.id]);
  // its own boundary, so that this component commits (and its effect runs) while the page's code loads
  return (
    <Suspense fallback={<LoadingScreen />}>
      <InformationPage />
    </Suspense>
  );
}
