import { UnderConstructionScreen } from '../../../shared/status/UnderConstructionScreen';
import { useCurrentProject } from '../../projects/ProjectContext';
import EnvironmentAnalysisPage from './EnvironmentAnalysisPage';

/** /page/analysis: the environment analysis page; the allotment and other analysis pages are not built yet. */
export default function AnalysisRoute() {
  const project = useCurrentProject();
  if (project.projectType === 'ENVIRONMENT') return <EnvironmentAnalysisPage />;
  return <UnderConstructionScreen title="Análise" />;
}
