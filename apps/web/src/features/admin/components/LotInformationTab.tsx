import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Select, Space } from 'antd';
import { useMemo, useState } from 'react';
import { lotOfName, projectDisplayName, type InformationRow } from '@mirante/shared';
import { ApiError } from '../../../shared/api/ApiError';
import { useInformations, useReloadInformations } from '../../finance/api';
import { InformationDialog } from '../../finance/components/InformationDialog';
import { IMPORT_MODAL } from '../../finance/components/importSlot';
import { useProjects } from '../../projects/api';

/** 'Etapa 1 · Quadra Q01 · Lote 2 — JDP-Q01-L02 — Maria', what an administrator searches by. */
function lotLabel(row: InformationRow): string {
  const where = [row.stage, `Quadra ${row.block ?? 'S\\N'}`, `Lote ${lotOfName(row.name)}`]
    .filter(Boolean)
    .join(' · ');
  return [where, row.codigo_lote, row.nome_comprador].filter(Boolean).join(' — ');
}

function ProjectLots({ projectId }: { projectId: number }) {
  const informations = useInformations(projectId);
  const reload = useReloadInformations();
  const [openLot, setOpenLot] = useState<number | null>(null);
  const [importOpen, setImportOpen] = useState(false);
  const options = useMemo(
    () => (informations.data?.list ?? []).map((row) => ({ value: row.layer_id, label: lotLabel(row) })),
    [informations.data],
  );
  const ImportModal = IMPORT_MODAL;
  if (informations.isError) {
    const error = informations.error;
    return <Alert type="error" message={error instanceof ApiError ? error.message : String(error)} />;
  }
  return (
    <>
      <Space wrap align="end">
        <Form.Item label="Lote" style={{ marginBottom: 0 }}>
          <Select
            showSearch
            aria-label="Lote"
            placeholder="Pesquise pela quadra, lote, código ou comprador"
            loading={informations.isPending}
            options={options}
            optionFilterProp="label"
            value={openLot}
            onChange={setOpenLot}
            style={{ width: 520 }}
          />
        </Form.Item>
        {ImportModal && (
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImportOpen(true)}>
            Importar planilha
          </Button>
        )}
      </Space>
      <InformationDialog layerId={openLot} onClose={() => setOpenLot(null)} />
      {ImportModal && informations.data && (
        <ImportModal
          projectId={projectId}
          hasStage={informations.data.hasStage}
          open={importOpen}
          onClose={() => setImportOpen(false)}
          onImported={() => void reload(projectId)}
        />
      )}
    </>
  );
}

/**
 * The administration panel's lot information: an allotment, then one of its lots opens the lot
 * information dialog (fields of the entities and their fields, history); 'Importar planilha' is the spreadsheet upload of the portfolio.
 */
export function LotInformationTab() {
  const projects = useProjects();
  const [projectId, setProjectId] = useState<number | null>(null);
  const options = (projects.data ?? [])
    .filter((project) => project.projectType === 'ALLOTMENT')
    .map((project) => ({ value: project.id, label: projectDisplayName(project, 'ADMIN') }));
  return (
    <div className="admin-tab" data-testid="admin-lot-information">
      <Form layout="vertical">
        <Form.Item label="Loteamento">
          <Select
            showSearch
            aria-label="Loteamento"
            placeholder="Selecione o loteamento"
            loading={projects.isPending}
            options={options}
            optionFilterProp="label"
            value={projectId}
            onChange={setProjectId}
            style={{ width: 520 }}
          />
        </Form.Item>
      </Form>
      {projectId !== null && <ProjectLots key={projectId} projectId={projectId} />}
    </div>
  );
}
