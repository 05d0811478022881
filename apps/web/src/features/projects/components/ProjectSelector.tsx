import { Select } from 'antd';
import { normalizeForSearch, projectDisplayName, PROJECT_TYPE_LABELS } from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useProjectContext } from '../ProjectContext';

interface Option {
  value: number;
  label: string;
  type: string;
}

/** Searchable, accent-insensitive project picker of the top bar (entry and navigation / 6). */
export function ProjectSelector() {
  const { projects, project, selectProject } = useProjectContext();
  const { role } = useCredentials();
  const options: Option[] = projects.map((candidate) => ({
    value: candidate.id,
    label: projectDisplayName(candidate, role),
    // Only ADMINs are sent archived projects: say so beside the type.
    type: `${PROJECT_TYPE_LABELS[candidate.projectType]}${candidate.archived ? ' · arquivado' : ''}`,
  }));

  return (
    <Select<number, Option>
      className="project-selector"
      aria-label="Projeto"
      data-testid="project-selector"
      showSearch={{
        filterOption: (input, option) =>
          normalizeForSearch(option?.label ?? '').includes(normalizeForSearch(input)),
      }}
      value={project.id}
      options={options}
      onChange={selectProject}
      popupMatchSelectWidth={false}
      optionRender={(option) => (
        <div className="project-option">
          <span>{option.data.label}</span>
          <span className="project-option__type">{option.data.type}</span>
        </div>
      )}
      placeholder="Selecione um projeto"
      notFoundContent="Nenhum projeto encontrado"
    />
  );
}
