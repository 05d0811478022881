import { useState } from 'react';
import { Button, Checkbox, Modal, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { INTEGRATION_MESSAGES, type IntegrationProject } from '@mirante/shared';
import { DialogError } from '../../../shared/feedback/DialogError';
import { useFeedback } from '../../../shared/feedback/useFeedback';
import { useSaveWalletLinks, type ErpProjectOption } from '../api';
import { reasonOf } from '../model/reasonOf';
import { checkWalletRows, walletRow, type WalletLinkRow } from '../model/walletLinks';

interface Props {
  project: IntegrationProject;
  erpName: string;
  erpProjects: readonly ErpProjectOption[];
  onClose(): void;
}

/**
 * 'Vincular carteiras' (width 800 by the business limits): which of the ERP's projects (wallets) hold this
 * allotment's units, each for the whole allotment or for one of its stages. Saving replaces the allotment's links.
 */
export function WalletLinkModal({ project, erpName, erpProjects, onClose }: Props) {
  const [rows, setRows] = useState<WalletLinkRow[]>(() =>
    project.wallet_links.length > 0 ? project.wallet_links.map((link) => walletRow(link)) : [walletRow()],
  );
  const [error, setError] = useState<string | null>(null);
  const save = useSaveWalletLinks();
  const feedback = useFeedback();
  const hasStages = project.layers.length > 0;

  const change = (key: string, patch: Partial<WalletLinkRow>) =>
    setRows((current) => current.map((row) => (row.key === key ? { ...row, ...patch } : row)));

  const submit = () => {
    if (save.isPending) return;
    const checked = checkWalletRows(rows);
    if (!checked.ok) {
      setError(checked.message);
      return;
    }
    setError(null);
    save.mutate(
      { project_id: project.id, links: checked.links },
      {
        onSuccess: () => {
          feedback.success('Carteiras vinculadas com sucesso!');
          onClose();
        },
        onError: (failure) => setError(`${INTEGRATION_MESSAGES.walletLinkFailed} ${reasonOf(failure)}`),
      },
    );
  };

  const projectOptions = erpProjects.map((option) => ({
    value: option.code,
    label: `${option.code} - ${option.name}`,
  }));
  const stageOptions = project.layers.map((layer) => ({
    value: layer.id,
    label: `${layer.id} - ${layer.name}`,
  }));

  return (
    <Modal
      open
      width={800}
      title={`Vincular carteiras — ${project.name}`}
      okText="Salvar"
      cancelText="Cancelar"
      onOk={submit}
      onCancel={onClose}
      confirmLoading={save.isPending}
    >
      <DialogError error={error} onClose={() => setError(null)} />
      <p className="integration-step__intro">
        Escolha os projetos do {erpName} cujas unidades pertencem a este loteamento; marque 'Vincular etapa'
        quando o projeto do ERP corresponde a uma só etapa.
      </p>
      <ol className="wallet-rows" aria-label="Carteiras">
        {rows.map((row, index) => (
          <li key={row.key} className="wallet-rows__row">
            <Select
              className="wallet-rows__project"
              placeholder={`Projeto do ${erpName}`}
              aria-label={`Projeto do ERP, linha ${index + 1}`}
              value={row.customer_code}
              options={projectOptions}
              showSearch={{ optionFilterProp: 'label' }}
              allowClear
              onChange={(value?: string | null) => change(row.key, { customer_code: value ?? null })}
            />
            <Checkbox
              checked={row.linkStage}
              disabled={!hasStages}
              onChange={(event) => change(row.key, { linkStage: event.target.checked, layer_id: null })}
            >
              Vincular etapa
            </Checkbox>
            <Select
              className="wallet-rows__stage"
              placeholder="Etapa"
              aria-label={`Etapa, linha ${index + 1}`}
              value={row.layer_id}
              options={stageOptions}
              disabled={!row.linkStage}
              onChange={(value: number) => change(row.key, { layer_id: value })}
            />
            <Button
              type="text"
              icon={<DeleteOutlined aria-hidden />}
              aria-label={`Remover linha ${index + 1}`}
              onClick={() => setRows((current) => current.filter((item) => item.key !== row.key))}
            />
          </li>
        ))}
      </ol>
      <Button
        icon={<PlusOutlined aria-hidden />}
        onClick={() => setRows((current) => [...current, walletRow()])}
      >
        Adicionar carteira
      </Button>
    </Modal>
  );
}
