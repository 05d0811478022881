import { Navigate, useLocation } from 'react-router';
import { withToken } from '../../../shared/routing/withToken';
import { useCurrentProject } from '../../projects/ProjectContext';
import { homePathFor } from '../../projects/selection';

/** /page opens the allotment map for allotment projects and the area map otherwise. */
export function ProjectHomeRedirect() {
  const project = useCurrentProject();
  const location = useLocation();
  return <Navigate to={withToken(homePathFor(project.projectType), location.search)} replace />;
}
