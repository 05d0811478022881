import { Descriptions } from 'antd';
import {
  displayDate,
  PROJECT_STAGE_LABELS,
  projectDisplayName,
  type Project,
  type Role,
} from '@mirante/shared';

/** Project details panel (the entities and their fields panel fields). */
export function ProjectDetailsTab({ project, role }: { project: Project; role: Role }) {
  const items = [
    ['Projeto', projectDisplayName(project, role)],
    ['Código', project.customerCode],
    ['Área', `${project.area.toLocaleString('pt-BR')} ha`],
    ['Perímetro', `${project.perimeter.toLocaleString('pt-BR')} km`],
    ['Lançamento', project.releaseDate ? displayDate(project.releaseDate) : null],
    ['Etapa', project.stage ? PROJECT_STAGE_LABELS[project.stage] : null],
    ['Quadras', project.blocks],
    ['Lotes', project.lots],
    ['Equipe', project.team],
    ['Endereço', project.address],
    ['Cidade', project.city && project.state ? `${project.city} - ${project.state}` : project.city],
    ['Detalhes', project.detail],
  ] as const;
  return (
    <Descriptions
      size="small"
      column={1}
      bordered
      data-testid="project-details"
      items={items
        .filter(([, value]) => value !== null && value !== undefined && value !== '')
        .map(([label, value]) => ({ key: label, label, children: String(value) }))}
    />
  );
}
