import { useCurrentProject } from '../../projects/ProjectContext';
import { ProjectDetectionsList } from '../components/ProjectDetectionsList';
import '../detections.css';

/** 'Lista de detecções', title suffix Relatório; module allotment.detections. */
export default function DetectionsListPage() {
  const project = useCurrentProject();
  return <ProjectDetectionsList key={project.id} project={project} />;
}
