import { useMemo, useState } from 'react';
import { App, Button, Popconfirm, Space, Switch, Table, Tag, type TableColumnsType } from 'antd';
import { PROJECT_MESSAGES, PROJECT_TYPE_LABELS, type RegisteredProject } from '@mirante/shared';
import { ListError } from '../../security/components/ListError';
import { serverReason } from '../messages';
import { useRegisteredProjects, useSetProjectArchived } from './api';
import { CreateProjectForm } from './CreateProjectForm';
import { EditProjectModal } from './EditProjectModal';
import { LayerImportDrawer } from './import/LayerImportDrawer';
import { FirstStepsChecklist } from '../first-steps/FirstStepsChecklist';
import { PROJECT_TAB_TEXTS } from './texts';

const hectares = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** 'Cadastrar projeto': register a project, list them, edit, import lots, archive and unarchive. */
export function ProjectsTab() {
  const { message } = App.useApp();
  const projects = useRegisteredProjects();
  const setArchived = useSetProjectArchived();
  const [showArchived, setShowArchived] = useState(false);
  const [editing, setEditing] = useState<RegisteredProject | null>(null);
  const [importing, setImporting] = useState<RegisteredProject | null>(null);
  const [guided, setGuided] = useState<RegisteredProject | null>(null);

  const rows = useMemo(
    () => (projects.data ?? []).filter((project) => showArchived || !project.archived),
    [projects.data, showArchived],
  );

  const toggleArchived = async (project: RegisteredProject, archived: boolean) => {
    try {
      await setArchived.mutateAsync({ id: project.id, archived });
      void message.success(archived ? PROJECT_MESSAGES.archived : PROJECT_MESSAGES.unarchived);
    } catch (error) {
      const failed = archived ? PROJECT_TAB_TEXTS.archiveFailed : PROJECT_TAB_TEXTS.unarchiveFailed;
      void message.error(`${failed} ${serverReason(error)}`);
    }
  };

  const columns: TableColumnsType<RegisteredProject> = [
    { title: 'ID', dataIndex: 'id', width: 64 },
    {
      title: 'Nome',
      key: 'name',
      render: (_value, project) => (
        <span>
          {project.name}
          <br />
          <span className="admin-muted">{project.space}</span>
        </span>
      ),
    },
    { title: 'Cliente', dataIndex: 'customerName' },
    {
      title: 'Tipo',
      dataIndex: 'projectType',
      width: 110,
      render: (type: RegisteredProject['projectType']) => PROJECT_TYPE_LABELS[type],
    },
    {
      title: 'Área',
      dataIndex: 'area',
      width: 100,
      render: (area: number, project) => (project.delimiter ? `${hectares.format(area)} ha` : 'Sem contorno'),
    },
    {
      title: 'Situação',
      key: 'archived',
      width: 100,
      render: (_value, project) =>
        project.archived ? <Tag>Arquivado</Tag> : <Tag color="success">Ativo</Tag>,
    },
    {
      title: '',
      key: 'actions',
      width: 360,
      render: (_value, project) => (
        <Space size="small">
          <Button size="small" onClick={() => setEditing(project)} aria-label={`Editar ${project.name}`}>
            Editar
          </Button>
          <Button
            size="small"
            onClick={() => setGuided(project)}
            aria-label={`Primeiros passos de ${project.name}`}
          >
            Passos
          </Button>
          <Button
            size="small"
            onClick={() => setImporting(project)}
            aria-label={`Importar lotes de ${project.name}`}
          >
            Importar lotes
          </Button>
          {project.archived ? (
            <Button
              size="small"
              onClick={() => void toggleArchived(project, false)}
              aria-label={`Reativar ${project.name}`}
            >
              Reativar
            </Button>
          ) : (
            <Popconfirm
              title={PROJECT_TAB_TEXTS.archiveConfirm}
              okText="Arquivar"
              cancelText="Cancelar"
              okButtonProps={{ danger: true }}
              onConfirm={() => toggleArchived(project, true)}
            >
              <Button size="small" danger aria-label={`Arquivar ${project.name}`}>
                Arquivar
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  return (
    <div className="admin-tab">
      <CreateProjectForm onCreated={setGuided} />
      {guided && <FirstStepsChecklist project={guided} onImportLots={() => setImporting(guided)} />}
      <div className="admin-project-list__heading">
        <h2 className="admin-tab__heading">{PROJECT_TAB_TEXTS.listHeading}</h2>
        <label className="admin-project-list__toggle">
          <Switch size="small" checked={showArchived} onChange={setShowArchived} />
          {PROJECT_TAB_TEXTS.showArchived}
        </label>
      </div>
      {projects.isError ? (
        <ListError text={PROJECT_TAB_TEXTS.loadFailed} onRetry={() => void projects.refetch()} />
      ) : (
        <Table<RegisteredProject>
          rowKey="id"
          size="middle"
          loading={projects.isLoading}
          dataSource={rows}
          columns={columns}
          pagination={false}
          scroll={{ y: 420 }}
          rowClassName={(project) => (project.archived ? 'admin-row--archived' : '')}
          locale={{ emptyText: PROJECT_TAB_TEXTS.empty }}
          aria-label="Projetos cadastrados"
        />
      )}
      <EditProjectModal project={editing} onClose={() => setEditing(null)} />
      <LayerImportDrawer project={importing} onClose={() => setImporting(null)} />
    </div>
  );
}
