import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Modal, Typography, Upload } from 'antd';
import { useState } from 'react';
import { FINANCE_IMPORT_ACCEPT, FINANCE_IMPORT_MESSAGES } from '@mirante/shared';
import { isApiError } from '../../../shared/api/ApiError';
import { templateHref, useImportPortfolio } from './api';
import { fileProblem, importOutcome, type ImportOutcome } from './importOutcome';
import './finance-io.css';

export interface ImportModalProps {
  projectId: number;
  /** Projects with stages are reminded that the first column takes the stage's exact name. */
  hasStage: boolean;
  open: boolean;
  onClose(): void;
  /** Some row was imported: the page reloads the portfolio with its filters reset. */
  onImported(): void;
}

/** The business limits: the import modal is 700 px wide. */
const WIDTH = 700;

/**
 * The spreadsheet import of the portfolio: the template and its rules, a .xls/.xlsx picker,
 * 'Importar Planilha' (disabled until a file is chosen), 'Fechar' and 'Download do modelo'; the outcome of
 * the error catalogue (success, error or warning with the counts, and the e-mail notice) shown in the modal.
 */
export function ImportModal({ projectId, hasStage, open, onClose, onImported }: ImportModalProps) {
  const { notification } = App.useApp();
  const [file, setFile] = useState<File | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);
  const [sendError, setSendError] = useState<string | null>(null);
  const upload = useImportPortfolio(projectId);

  const reset = () => {
    setFile(null);
    setPickError(null);
    setOutcome(null);
    setSendError(null);
  };

  const close = () => {
    if (upload.isPending) return;
    reset();
    onClose();
  };

  const send = () => {
    if (!file) return;
    setOutcome(null);
    setSendError(null);
    upload.mutate(file, {
      onSuccess: (result) => {
        const next = importOutcome(result);
        setOutcome(next);
        setFile(null);
        // The page reloads (and this modal with it) when a row got in: the outcome stays in a notification.
        notification[next.type]({
          message: next.message,
          description: next.description,
          duration: 10,
          className: 'finance-import-notice',
        });
        if (next.imported > 0) onImported();
      },
      onError: (error) =>
        setSendError(
          isApiError(error) && error.code !== 'INVALID_RESPONSE'
            ? error.message
            : FINANCE_IMPORT_MESSAGES.unreadableAnswer,
        ),
    });
  };

  return (
    <Modal
      title="Importar planilha"
      open={open}
      width={WIDTH}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={upload.isPending}>
          Fechar
        </Button>,
        <Button key="send" type="primary" disabled={!file} loading={upload.isPending} onClick={send}>
          Importar Planilha
        </Button>,
      ]}
    >
      <Typography.Paragraph>
        Preencha a planilha modelo com os dados da carteira e envie-a aqui. Baixe o modelo em{' '}
        <a href={templateHref(projectId)} download>
          Download do modelo
        </a>
        .
      </Typography.Paragraph>
      <ul className="finance-import-rules">
        <li>A planilha deve seguir o mesmo formato do exemplo.</li>
        <li>Não reordene nem renomeie as colunas, e não acrescente novas colunas.</li>
        <li>Os valores de um lote só são substituídos se a extração da sua linha for bem-sucedida.</li>
        <li>
          Em loteamentos com etapas, a primeira coluna deve trazer o nome exato da etapa
          {hasStage ? ' (este loteamento tem etapas).' : '.'}
        </li>
        <li>Arquivos .xls ou .xlsx de até 10MB.</li>
      </ul>
      <Upload
        accept={FINANCE_IMPORT_ACCEPT}
        maxCount={1}
        fileList={file ? [{ uid: 'file', name: file.name, status: 'done' }] : []}
        beforeUpload={(chosen) => {
          const problem = fileProblem(chosen);
          setPickError(problem);
          setOutcome(null);
          setSendError(null);
          setFile(problem ? null : chosen);
          return false;
        }}
        onRemove={() => setFile(null)}
      >
        <Button icon={<UploadOutlined aria-hidden />}>Selecionar arquivo</Button>
      </Upload>
      {pickError && <Alert className="finance-import-alert" type="error" showIcon message={pickError} />}
      {sendError && (
        <Alert
          className="finance-import-alert"
          type="error"
          showIcon
          message={FINANCE_IMPORT_MESSAGES.sendFailed}
          description={sendError}
        />
      )}
      {outcome && (
        <Alert
          className="finance-import-alert"
          type={outcome.type}
          showIcon
          message={outcome.message}
          description={
            outcome.rejected.length > 0 ? (
              <>
                <div>{outcome.description}</div>
                <ul className="finance-import-rejected" aria-label="Linhas não importadas">
                  {outcome.rejected.slice(0, 50).map((row) => (
                    <li key={row.linha}>
                      Linha {row.linha}: {row.erros.join('; ')}
                    </li>
                  ))}
                  {outcome.rejected.length > 50 && <li>… e mais {outcome.rejected.length - 50} linhas.</li>}
                </ul>
              </>
            ) : null
          }
        />
      )}
    </Modal>
  );
}
