import { PlusOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { INSPECTION_MESSAGES, MAP_MESSAGES, type Inspection } from '@mirante/shared';
import { useCurrentProject } from '../../projects/ProjectContext';
import { useInspections } from '../api';
import { InspectionActions } from '../components/InspectionActions';
import { InspectionFormModal } from '../components/InspectionFormModal';
import { LoadError } from '../components/LoadError';
import '../construction.css';

type Editing = { inspection: Inspection | null } | null;

/** Vistorias (spec 2.10): code, phase, image date, edit/remove; 'Criar vistoria'. */
export default function InspectionsPage() {
  const project = useCurrentProject();
  const inspections = useInspections(project.id);
  const [editing, setEditing] = useState<Editing>(null);

  const columns: ColumnsType<Inspection> = [
    { title: 'Código', dataIndex: 'id', key: 'id', width: 100 },
    { title: 'Fase', dataIndex: 'phase', key: 'phase', width: 120 },
    { title: 'Data da imagem', dataIndex: 'dateText', key: 'date' },
    {
      title: 'Ações',
      key: 'actions',
      width: 120,
      render: (_value, inspection) => (
        <InspectionActions
          projectId={project.id}
          inspection={inspection}
          onEdit={(item) => setEditing({ inspection: item })}
        />
      ),
    },
  ];

  return (
    <div className="construction-page">
      <h1 className="construction-page__title">Vistorias</h1>
      <div className="construction-page__toolbar">
        <div className="construction-page__toolbar-end">
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ inspection: null })}>
            {INSPECTION_MESSAGES.createButton}
          </Button>
        </div>
      </div>
      {inspections.isError ? (
        <LoadError
          text={`${INSPECTION_MESSAGES.loadFailed} ${inspections.error.message}`}
          onRetry={() => void inspections.refetch()}
        />
      ) : (
        <Table<Inspection>
          rowKey="id"
          size="middle"
          loading={inspections.isPending}
          dataSource={inspections.data ?? []}
          columns={columns}
          pagination={false}
          locale={{ emptyText: MAP_MESSAGES.noRecords }}
          aria-label="Vistorias"
        />
      )}
      {editing && (
        <InspectionFormModal
          projectId={project.id}
          editing={editing.inspection}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}
