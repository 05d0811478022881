import { PlusOutlined } from '@ant-design/icons';
import { Button, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  INSPECTION_MESSAGES,
  MAP_MESSAGES,
  inspectionLabel,
  isAdmin as holdsAdminRole,
  type Inspection,
} from '@mirante/shared';
import { useCredentials } from '../../../shared/session/SessionContext';
import { useCurrentProject } from '../../projects/ProjectContext';
import { inspectionsKey, useInspections } from '../api';
import { DsmUploadModal } from '../components/DsmUploadModal';
import { InspectionActions } from '../components/InspectionActions';
import { InspectionFormModal } from '../components/InspectionFormModal';
import { LoadError } from '../components/LoadError';
import '../construction.css';

type Editing = { inspection: Inspection | null } | null;

/**
 * Vistorias: code, phase, image date, edit/remove; 'Criar vistoria'. ★ Whether the image has an
 * elevation model, and for an ADMIN the upload of one.
 */
export default function InspectionsPage() {
  const project = useCurrentProject();
  const isAdmin = holdsAdminRole(useCredentials());
  const client = useQueryClient();
  const inspections = useInspections(project.id);
  const [editing, setEditing] = useState<Editing>(null);
  const [dsmFor, setDsmFor] = useState<Inspection | null>(null);

  const columns: ColumnsType<Inspection> = [
    { title: 'Código', dataIndex: 'id', key: 'id', width: 100 },
    { title: 'Fase', dataIndex: 'phase', key: 'phase', width: 120 },
    { title: 'Data da imagem', dataIndex: 'dateText', key: 'date' },
    {
      title: 'Modelo de elevação',
      key: 'dsm',
      width: 220,
      render: (_value, inspection) => (
        <span className="construction-dsm-cell">
          {inspection.hasDsm ? 'Sim' : 'Não'}
          {isAdmin && (
            <Button
              size="small"
              aria-label={`Modelo de elevação de ${inspectionLabel(inspection)}`}
              onClick={() => setDsmFor(inspection)}
            >
              {inspection.hasDsm ? 'Substituir' : 'Enviar'}
            </Button>
          )}
        </span>
      ),
    },
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
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setEditing({ inspection: null })}
          >
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
      {dsmFor && (
        <DsmUploadModal
          sceneId={dsmFor.scene_id}
          label={inspectionLabel(dsmFor)}
          hasDsm={dsmFor.hasDsm}
          onClose={() => setDsmFor(null)}
          onUploaded={() => void client.invalidateQueries({ queryKey: inspectionsKey(project.id) })}
        />
      )}
    </div>
  );
}
