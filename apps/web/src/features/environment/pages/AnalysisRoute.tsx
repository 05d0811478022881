import { useCurrentProject } from '../../projects/ProjectContext';
import AllotmentAnalysisPage from '../../allotment-analysis/pages/AllotmentAnalysisPage';
import EnvironmentAnalysisPage from './EnvironmentAnalysisPage';

/** /page/analysis: the allotment analysis page, or the analysis page of the other project types. */
export default function AnalysisRoute() {
  const project = useCurrentProject();
  if (project.projectType === 'ALLOTMENT') return <AllotmentAnalysisPage />;
  return <EnvironmentAnalysisPage />;
}
