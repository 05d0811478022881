import { useCredentials } from '../../shared/session/SessionContext';
import { useProjectContext } from '../projects/ProjectContext';
import type { AccessContext } from './access';

export function useAccessContext(): AccessContext {
  const credentials = useCredentials();
  const { project, projects } = useProjectContext();
  return { credentials, project, projects };
}
