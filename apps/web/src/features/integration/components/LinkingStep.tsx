import { useState, type FormEvent } from 'react';
import { Alert, Button, Table, Tag } from 'antd';
import { LinkOutlined } from '@ant-design/icons';
import {
  ERP_NAMES,
  INTEGRATION_MESSAGES,
  walletLinkText,
  type IntegrationProject,
  type Erp,
} from '@mirante/shared';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useErpProjects, useForceRetry, useIntegrationProjects, useSaveErpProjects } from '../api';
import { reasonOf } from '../model/reasonOf';
import { LoadFailure } from './LoadFailure';
import { LoadingWithForceRetry } from './LoadingWithForceRetry';
import { NoAllotmentsNotice } from './NoAllotmentsNotice';
import { WalletLinkModal } from './WalletLinkModal';
import { WizardActions } from './WizardActions';
import type { WizardNav } from './wizardNav';

const NO_SELECTION = 'Selecione ao menos um loteamento para sincronizar com o ERP.';

function LinkedWallets({ project }: { project: IntegrationProject }) {
  if (project.wallet_links.length === 0)
    return <span className="integration-muted">{INTEGRATION_MESSAGES.noLink}</span>;
  return (
    <ul className="integration-links">
      {project.wallet_links.map((link) => (
        <li key={`${link.customer_code}:${link.layer_id ?? ''}`}>{walletLinkText(link)}</li>
      ))}
    </ul>
  );
}

/**
 * The linking step (Mega 2, UAU 2, Sienge 2): the customer's allotments, which of them this ERP synchronises, and
 * each one's wallets ('Vincular carteiras', 'Vínculos já cadastrados'). The ERP's projects are read from the ERP.
 */
export function LinkingStep({ erp, nav }: { erp: Erp; nav: WizardNav }) {
  const erpName = ERP_NAMES[erp];
  const feedback = useFeedback();
  const projects = useIntegrationProjects();
  const erpProjects = useErpProjects(erp);
  const save = useSaveErpProjects(erp);
  // null until the person changes it: then the allotments this ERP already synchronises.
  const [chosen, setChosen] = useState<number[] | null>(null);
  const selected =
    chosen ?? (projects.data ?? []).filter((project) => project.erp === erp).map((project) => project.id);
  const [editing, setEditing] = useState<number | null>(null);
  const [selectionError, setSelectionError] = useState<string | null>(null);

  const forceRetry = useForceRetry();
  const retry = () => void forceRetry(projects, erpProjects);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    if (selected.length === 0) {
      setSelectionError(NO_SELECTION);
      return;
    }
    setSelectionError(null);
    save.mutate(selected, {
      onSuccess: nav.advance,
      onError: (error) => feedback.error(`${INTEGRATION_MESSAGES.requestFailed} ${reasonOf(error)}`),
    });
  };

  if (projects.isLoading || erpProjects.isLoading)
    return (
      <LoadingWithForceRetry
        label={`Buscando os loteamentos e os projetos do ${erpName}…`}
        onForceRetry={retry}
      />
    );

  const editingProject = projects.data?.find((project) => project.id === editing);
  return (
    <form onSubmit={submit} className="integration-linking" aria-label="Vínculos">
      {projects.isError && (
        <LoadFailure
          text={`${INTEGRATION_MESSAGES.customerLoadFailed} ${reasonOf(projects.error)}`}
          onRetry={retry}
        />
      )}
      {erpProjects.isError && (
        <LoadFailure
          text={`${INTEGRATION_MESSAGES.requestFailed} ${reasonOf(erpProjects.error)}`}
          onRetry={retry}
        />
      )}
      {projects.data?.length === 0 && <NoAllotmentsNotice onRetry={retry} />}
      {projects.data && projects.data.length > 0 && (
        <>
          <p className="integration-step__intro">
            Marque os loteamentos que serão sincronizados pelo {erpName} e vincule a cada um as suas carteiras
            (projetos do {erpName}). Cada loteamento é sincronizado por um só ERP.
          </p>
          <Table<IntegrationProject>
            rowKey="id"
            size="middle"
            pagination={false}
            scroll={{ y: 300 }}
            dataSource={projects.data}
            aria-label="Loteamentos"
            rowSelection={{
              selectedRowKeys: selected,
              onChange: (keys) => setChosen(keys.map(Number)),
              getCheckboxProps: (project) => ({ 'aria-label': `Sincronizar ${project.name}` }),
            }}
            columns={[
              {
                title: 'Loteamento',
                dataIndex: 'name',
                render: (name: string, project) => (
                  <>
                    {name}
                    {project.erp !== null && project.erp !== erp && (
                      <Tag className="integration-erp-tag">
                        Hoje sincronizado pelo {ERP_NAMES[project.erp]}
                      </Tag>
                    )}
                  </>
                ),
              },
              {
                title: 'Vínculos já cadastrados',
                key: 'links',
                render: (_value, project) => <LinkedWallets project={project} />,
              },
              {
                title: '',
                key: 'action',
                width: 190,
                render: (_value, project) => (
                  <Button
                    icon={<LinkOutlined aria-hidden />}
                    disabled={!erpProjects.data}
                    onClick={() => setEditing(project.id)}
                    aria-label={`Vincular carteiras de ${project.name}`}
                  >
                    Vincular carteiras
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      {selectionError && <Alert type="error" showIcon role="alert" title={selectionError} />}
      <WizardActions nav={nav} submitting={save.isPending} disabled={!projects.data?.length} />
      {editingProject && erpProjects.data && (
        <WalletLinkModal
          project={editingProject}
          erpName={erpName}
          erpProjects={erpProjects.data}
          onClose={() => setEditing(null)}
        />
      )}
    </form>
  );
}
